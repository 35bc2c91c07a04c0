import type { ConfigData } from "html-validate";

/** The html-validate configuration of the HTML audit: the recommended preset, with each relaxed
 * rule saying why. */
export const htmlValidateConfig: ConfigData = {
  extends: ["html-validate:recommended"],
  rules: {
    // The bodies are prerendered by preact-render-to-string, which closes void elements
    // (`<img/>`, `<input/>`) while the document template does not (`<meta>`). Both are valid HTML
    // (the slash is ignored); the rule only asks for one style, and the renderer has no option.
    "void-style": "off",
    // The supported-assets table turns into cards on narrow screens (`display: block`/`grid`);
    // its explicit `table` and `rowgroup` roles keep it a table to a browser that would read
    // those as a layout (its rows and cells may not carry a role: the W3C checker, run beside
    // this one, refuses it). Every other redundant role is still an error.
    "no-redundant-role": ["error", { exclude: ["table", "rowgroup"] }],
    // The country and area-code fields are ARIA 1.2 comboboxes: a visitor types to search among
    // some 240 countries by local or English name, code or dialling digits, which a native
    // `<select>` cannot do. Every other role with a native element is still an error.
    "prefer-native-element": ["error", { exclude: ["combobox", "listbox"] }],
  },
};
