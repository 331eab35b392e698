/** The guided tour: the lessons as steps, the current one's sentences, and a way back to its preset. */
import type { Lesson } from "../../model/lessons.ts";
import type { Dispatch } from "../actions.ts";
import { h } from "../dom.ts";

export interface LessonShown {
  index: number;
  text: string[];
  /** The student changed the setup since the lesson loaded it. */
  changed: boolean;
}

export function lessonView(
  lessons: readonly Lesson[],
  shown: LessonShown | null,
  dispatch: Dispatch,
): HTMLElement {
  const steps = lessons.map((l, i) =>
    h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          id: `lesson-${i + 1}`,
          class: "step",
          "aria-current": shown?.index === i ? "step" : undefined,
          "aria-label": `Lesson ${i + 1}: ${l.title}`,
          onclick: () => dispatch({ kind: "lesson", index: i }),
        },
        h("span", { class: "step-no" }, String(i + 1)),
        h("span", { class: "step-title" }, l.title),
      ),
    ),
  );
  const nav = h("nav", { "aria-label": "Guided tour" }, h("ol", { class: "steps" }, steps));
  if (!shown)
    return h(
      "div",
      {},
      nav,
      h("p", { class: "note" }, "Exploring freely. Pick a lesson above to load its setup."),
    );
  const lesson = lessons[shown.index];
  const move = (to: number, label: string, id: string) =>
    h(
      "button",
      {
        type: "button",
        id,
        disabled: to < 0 || to >= lessons.length,
        onclick: () => dispatch({ kind: "lesson", index: to }),
      },
      label,
    );
  return h(
    "div",
    {},
    nav,
    h(
      "article",
      { class: "lesson", "aria-labelledby": "lesson-title", "data-lesson": lesson.id },
      h("h2", { id: "lesson-title" }, `Lesson ${shown.index + 1} of ${lessons.length}: ${lesson.title}`),
      shown.text.map((t) => h("p", {}, t)),
      shown.changed
        ? h(
            "p",
            { class: "changed" },
            "You changed this lesson's setup; the text above is about its own. ",
            h(
              "button",
              {
                type: "button",
                id: "lesson-reset",
                onclick: () => dispatch({ kind: "lesson", index: shown.index }),
              },
              "Back to the lesson's setup",
            ),
          )
        : null,
      h(
        "div",
        { class: "lesson-moves" },
        move(shown.index - 1, "Previous lesson", "lesson-prev"),
        move(shown.index + 1, "Next lesson", "lesson-next"),
      ),
    ),
  );
}
