/** What every view is drawn from. */
import type { Evaluation } from "../../model/evaluate.ts";
import type { GpuContext } from "../../model/gpu-context.ts";
import type { MeasuredSetup } from "../../model/measured-setup.ts";
import type { ExploreState } from "../../model/state.ts";
import type { Dispatch, Ui } from "../actions.ts";
import type { Loaded } from "../load.ts";

export interface ViewInput {
  data: Loaded;
  state: ExploreState;
  ui: Ui;
  context: GpuContext;
  evaluation: Evaluation;
  /** The dataset's measurement of exactly this setup, if any. */
  measured: MeasuredSetup | undefined;
  dispatch: Dispatch;
}
