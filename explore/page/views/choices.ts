/** A group of radio buttons in a fieldset: one choice of several, keyboard-navigable with the arrow keys. */
import { h, type Child } from "../dom.ts";

export function choices<T extends string>(
  name: string,
  legend: string,
  values: readonly T[],
  chosen: T,
  label: (value: T) => Child,
  choose: (value: T) => void,
): HTMLElement {
  return h(
    "fieldset",
    { class: name },
    h("legend", {}, legend),
    values.map((value) =>
      h(
        "label",
        { class: "choice" },
        h("input", {
          type: "radio",
          name,
          id: `${name}-${value}`,
          value,
          checked: value === chosen,
          onchange: () => choose(value),
        }),
        label(value),
      ),
    ),
  );
}
