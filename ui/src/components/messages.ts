import { msg } from "@lingui/core/macro";

/** The interface components' own messages, with stable ids (translated in
 * ui/src/locales/{en,zh}/messages.po), for searchable selects, tables, images and inputs: render one
 * with `i18n._(uiMessages.noData)`. */
export const uiMessages = {
  illegalInput: msg({ id: "ui.illegalInput", message: "Illegal input" }),
  noData: msg({ id: "ui.noData", message: "No data" }),
  noMatchingData: msg({ id: "ui.noMatchingData", message: "No matching data" }),
  failedToLoad: msg({ id: "ui.failedToLoad", message: "Failed to load" }),
} as const;
