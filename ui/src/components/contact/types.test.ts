import { describe, expect, it } from "vitest";
import { FORM_FIELDS } from "./fields.generated";
import { FIELD_ORDER } from "./types";

describe("the form's fields", () => {
  it("are laid out on the page as the server lists them, each once", () => {
    expect([...FIELD_ORDER].sort()).toEqual([...FORM_FIELDS].sort());
  });
});
