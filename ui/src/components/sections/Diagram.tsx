import type { ComponentChildren } from "preact";
import type { SectionOf } from "../../lib/sections";
import { ActionLinks } from "../ActionLinks";
import { SectionFrame } from "./SectionFrame";
import { Words } from "../Words";

/** The diagram of keys, people and destinations: a transfer's request, the approvers' quorum, the
 * key shards that sign it in their HSMs and its whitelisted destination, each drawn here in SVG
 * (the shards' number and threshold from content data, their label in the page's language and
 * font) beside its title and text, joined by arrows. */
export function Diagram({ section }: { section: SectionOf<"diagram"> }) {
  const [request, quorum, keys, destination] = section.stage;
  const stages = [
    { text: request, art: <RequestArt /> },
    { text: quorum, art: <QuorumArt /> },
    {
      text: keys,
      art: <KeysArt keys={section.keys} threshold={section.threshold} label={section.keys_label} />,
    },
    { text: destination, art: <DestinationArt /> },
  ];
  return (
    <SectionFrame section={section} tone="tinted">
      <ol class="diagram">
        {stages.map(({ text, art }) => (
          <li key={text.title} class="diagram__stage">
            {art}
            <div>
              <h3 class="diagram__title">
                <Words text={text.title} />
              </h3>
              <p>{text.body}</p>
            </div>
          </li>
        ))}
      </ol>
      <ActionLinks actions={section.action} />
    </SectionFrame>
  );
}

/** The frame every drawing of the diagram shares. */
function Art({ children }: { children: ComponentChildren }) {
  return (
    <svg class="diagram__art" viewBox="0 0 160 96" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** An instruction: a slip with its lines and the second factor that signed its maker in. */
function RequestArt() {
  return (
    <Art>
      <rect class="diagram__line" x="44" y="10" width="64" height="78" rx="6" />
      <path class="diagram__line" d="M56 28h40M56 42h40M56 56h24" />
      <circle class="diagram__lit" cx="108" cy="70" r="14" />
      <path class="diagram__mark" d="M102 70h12M108 64v12" />
    </Art>
  );
}

/** Three approvers, two of whom have approved. */
function QuorumArt() {
  return (
    <Art>
      {[40, 80, 120].map((x, index) => (
        <g key={x}>
          <circle class="diagram__line" cx={x} cy="36" r="11" />
          <path class="diagram__line" d={`M${x - 19} 80a19 19 0 0 1 38 0`} />
          {index < 2 && (
            <>
              <circle class="diagram__lit" cx={x + 12} cy="58" r="8" />
              <path class="diagram__mark" d={`M${x + 8} 58l3 3 5-6`} />
            </>
          )}
        </g>
      ))}
    </Art>
  );
}

/** The key shards in their HSMs: `threshold` of `keys` lit, with what that means in words. */
function KeysArt({ keys, threshold, label }: { keys: number; threshold: number; label: string }) {
  const step = Math.min(28, 140 / keys);
  return (
    <Art>
      {Array.from({ length: keys }, (_, index) => {
        const x = 80 + (index - (keys - 1) / 2) * step;
        return (
          <path
            key={index}
            class={index < threshold ? "diagram__lit" : "diagram__line"}
            d={`M${x} 14l10 6v12l-10 6-10-6v-12z`}
          />
        );
      })}
      <text class="diagram__label" x="80" y="78" text-anchor="middle">
        {label}
      </text>
    </Art>
  );
}

/** The destination: a shield over the whitelisted address. */
function DestinationArt() {
  return (
    <Art>
      <path class="diagram__line" d="M80 8l30 10v24c0 20-13 34-30 42-17-8-30-22-30-42V18z" />
      <path class="diagram__mark" d="M66 46l9 9 18-20" />
    </Art>
  );
}
