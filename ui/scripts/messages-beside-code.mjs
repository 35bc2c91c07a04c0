// Lingui messages travel with the code that shows them. The catalog a language loads at start
// (src/locales/{lang}/messages.po, imported by src/lib/i18n.ts) keeps only the messages of the
// shell, the modules every page runs; every other module registers the messages it shows itself,
// in every language, as it loads (`registerMessages` of src/lib/i18n.ts), so a page brings only
// its own. Translators still have one .po file per language. The messages beside code have their
// text marked where it may not break (scripts/line-breaks.mjs), as the page data is.
//
// The ids Lingui makes from a message's text (six characters of hash, which brotli cannot
// compress) travel as short ones: each appears in the code that shows the message and in the
// catalog or registration that carries it, so every page's first load is about 600 bytes brotli
// lighter. Explicit ids (`ui.noData`, `language.native.en`: they hold a dot) stay as written.

import { getConfig } from "@lingui/conf";
import lingui from "@lingui/cli/api";
import { markBreaks } from "./line-breaks.mjs";

/** Han characters a message has at least before its text is marked: a shorter label never meets a
 * column narrow enough to break it, and marks cost bytes in every page that shows it. */
const MARKED_FROM = 10;

/** A compiled message (a string, or parts: strings, placeholders, plural forms) with its text
 * marked. */
const markParts = (message) =>
  typeof message === "string"
    ? markBreaks(message)
    : Array.isArray(message)
      ? message.map(markParts)
      : message && typeof message === "object"
        ? Object.fromEntries(Object.entries(message).map(([key, value]) => [key, markParts(value)]))
        : message;

/** A compiled message, its text marked when it is long enough to break. */
const marked = (message) =>
  (JSON.stringify(message).match(/\p{Script=Han}/gu)?.length ?? 0) >= MARKED_FROM
    ? markParts(message)
    : message;

/** The message ids a module's compiled macros name (`{ id: "…" }`). */
const MESSAGE_ID = /\bid:\s*"([^"\\]+)"/g;
/** What registers a module's messages; it must not register its own. */
const REGISTRY = /[\\/]src[\\/]lib[\\/]i18n\.ts$/;
/** The digits of the short ids. */
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The short id of the `index`-th generated id: as few digits as the index needs, so never six
 * (the length of a generated id) before 916 million messages, and never a dot (an explicit id's). */
function shortId(index) {
  let id = "";
  do {
    id = DIGITS[index % DIGITS.length] + id;
    index = Math.floor(index / DIGITS.length);
  } while (index > 0);
  return id;
}

/** Each generated id of `ids` (one without a dot) to its short id, by its place in sorted order,
 * so the client and the prerender builds agree. */
function shortIds(ids) {
  const generated = ids.filter((id) => !id.includes(".")).sort();
  return new Map(generated.map((id, index) => [id, shortId(index)]));
}

/** The Vite plugin. `shell`: the paths of the modules every page runs (the runtime chunk of
 * vite.config.ts); messages shown anywhere in the shell stay in the catalog. */
export function messagesBesideCode({ shell }) {
  const config = getConfig();
  /** @type {Promise<{ compiled: Record<string, Record<string, unknown>>, inShell: Set<string>, short: Map<string, string> }> | null} */
  let catalogs = null;

  const read = async () => {
    const [catalog] = await lingui.getCatalogs(config);
    const source = await catalog.read(config.sourceLocale);
    const inShell = new Set(
      Object.entries(source)
        .filter(([, message]) => message.origin.some(([file]) => shell.test(file)))
        .map(([id]) => id),
    );
    const compiled = {};
    for (const locale of config.locales) {
      const { messages } = await catalog.getTranslations(locale, {
        sourceLocale: config.sourceLocale,
        fallbackLocales: config.fallbackLocales,
      });
      compiled[locale] = JSON.parse(
        lingui.createCompiledCatalog(locale, messages, { namespace: "json" }).source,
      ).messages;
    }
    return { compiled, inShell, short: shortIds(Object.keys(compiled[config.sourceLocale])) };
  };

  const pick = (messages, ids, short) =>
    Object.fromEntries(ids.filter((id) => id in messages).map((id) => [short.get(id) ?? id, messages[id]]));

  return {
    name: "messages-beside-code",
    // After the Lingui plugin (which checks and compiles the catalogs) and the macros.
    enforce: "post",
    buildStart() {
      catalogs = null;
    },
    watchChange(id) {
      if (id.endsWith(".po")) catalogs = null;
    },
    async transform(code, id) {
      const file = id.split("?")[0];
      if (file.endsWith(".po")) {
        const { compiled, inShell, short } = await (catalogs ??= read());
        const locale = config.locales.find((name) => file.endsWith(`/${name}/messages.po`));
        if (!locale) return null;
        const messages = pick(compiled[locale], [...inShell], short);
        return {
          code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`,
          map: null,
        };
      }
      if (!/\.(ts|tsx)$/.test(file) || REGISTRY.test(file) || !code.includes("id:")) return null;
      const { compiled, inShell, short } = await (catalogs ??= read());
      const shown = [...new Set([...code.matchAll(MESSAGE_ID)].map((match) => match[1]))].filter(
        (messageId) => messageId in compiled[config.sourceLocale],
      );
      if (shown.length === 0) return null;
      // Shorter ids on the same lines: the module's source map keeps its lines.
      const shortened = code.replace(MESSAGE_ID, (match, messageId) =>
        short.has(messageId) ? match.replace(messageId, short.get(messageId)) : match,
      );
      const ids = shown.filter((messageId) => !inShell.has(messageId));
      if (ids.length === 0) return { code: shortened, map: null };
      // The ids once, then each language's messages in their order.
      const messages = [
        ids.map((messageId) => short.get(messageId) ?? messageId),
        Object.fromEntries(
          config.locales.map((locale) => [
            locale,
            ids.map((messageId) => marked(compiled[locale][messageId])),
          ]),
        ),
      ];
      // Appended, so the module's lines (and its source map) stay where they are; imports are hoisted.
      return {
        code: `${shortened}\nimport { registerMessages as registerMessages$ } from "/src/lib/i18n.ts";\nregisterMessages$(...JSON.parse(${JSON.stringify(JSON.stringify(messages))}));\n`,
        map: null,
      };
    },
  };
}
