/**
 * What the views may ask for: a change of the setup (model/state.ts), a whole setup, a lesson, or a redraw after a
 * change of a page-only choice (Ui).
 */
import type { Action, ExploreState } from "../model/state.ts";

export type PageAction =
  Action | { kind: "load"; state: ExploreState } | { kind: "lesson"; index: number } | { kind: "ui" };
export type Dispatch = (action: PageAction) => void;

/** Page-only choices that are not part of the setup. */
export interface Ui {
  /** The MIG profile the student is about to place. */
  migProfile: number;
}
