import type { ComponentChildren } from "preact";
import type { SectionOf } from "../../lib/sections";
import { ActionLinks } from "../ActionLinks";
import { SectionFrame } from "./SectionFrame";
import { Words } from "../Words";

/** How a transfer is controlled, as one connected flow: its request, the approvers' quorum, the
 * key shards that sign it (their number and threshold from content data, lit in gold) and its
 * whitelisted destination, each a node on one line across the page (down it on a phone) with
 * its title and text beside it. */
export function Diagram({ section }: { section: SectionOf<"diagram"> }) {
  const [request, quorum, keys, destination] = section.stage;
  const stages = [
    { text: request, node: <RequestArt /> },
    { text: quorum, node: <QuorumArt /> },
    {
      text: keys,
      node: <KeysArt keys={section.keys} threshold={section.threshold} />,
      label: section.keys_label,
    },
    { text: destination, node: <DestinationArt /> },
  ];
  return (
    <SectionFrame section={section}>
      <ol class="flow">
        {stages.map(({ text, node, label }, index) => (
          <li key={text.title} class={label ? "flow__stage flow__stage--keys" : "flow__stage"}>
            <span class="flow__node">
              {node}
              <span class="flow__step">{index + 1}</span>
            </span>
            <div class="flow__text">
              {label && <p class="flow__badge">{label}</p>}
              <h3>
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

/** The frame every drawing of a node shares. */
function Art({ children, wide = false }: { children: ComponentChildren; wide?: boolean }) {
  return (
    <svg class="flow__art" viewBox={wide ? "0 0 96 48" : "0 0 48 48"} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** An instruction: a slip with its lines and the second factor that signed its maker in. */
function RequestArt() {
  return (
    <Art>
      <rect class="flow__line" x="12" y="8" width="22" height="30" rx="3" />
      <path class="flow__line" d="M17 16h12M17 22h12M17 28h7" />
      <path class="flow__lit" d="M35 28l6 6-6 6-6-6z" />
    </Art>
  );
}

/** Three approvers, two of whom have approved. */
function QuorumArt() {
  return (
    <Art>
      {[12, 24, 36].map((x, index) => (
        <g key={x}>
          <circle class={index < 2 ? "flow__lit" : "flow__line"} cx={x} cy="18" r="5" />
          <path class="flow__line" d={`M${x - 8} 36a8 8 0 0 1 16 0`} />
        </g>
      ))}
    </Art>
  );
}

/** The key shards in their HSMs: `threshold` of `keys` lit, as diamonds of the lattice. */
function KeysArt({ keys, threshold }: { keys: number; threshold: number }) {
  const step = 84 / keys;
  return (
    <Art wide>
      {Array.from({ length: keys }, (_, index) => {
        const x = 6 + step * (index + 0.5);
        const r = step / 2 - 2;
        return (
          <path
            key={index}
            class={index < threshold ? "flow__lit" : "flow__line"}
            d={`M${x} ${24 - r}l${r} ${r}-${r} ${r}-${r}-${r}z`}
          />
        );
      })}
    </Art>
  );
}

/** The destination: a shield over the whitelisted address. */
function DestinationArt() {
  return (
    <Art>
      <path class="flow__line" d="M24 7l13 5v10c0 9-6 15-13 19-7-4-13-10-13-19V12z" />
      <path class="flow__mark" d="M18 24l4 4 8-9" />
    </Art>
  );
}
