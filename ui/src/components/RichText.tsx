import type { Block, Inline } from "../lib/types";

function Inlines({ runs }: { runs: Inline[] }) {
  return (
    <>
      {runs.map((run, index) =>
        typeof run === "string" ? (
          run
        ) : (
          <a key={index} href={run.href}>
            {run.text}
          </a>
        ),
      )}
    </>
  );
}

/** Long-form body text from content: paragraphs, bullet lists and links to pages of the site. */
export function RichText({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) =>
        "p" in block ? (
          <p key={index}>
            <Inlines runs={block.p} />
          </p>
        ) : (
          <ul key={index}>
            {block.ul.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Inlines runs={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}
