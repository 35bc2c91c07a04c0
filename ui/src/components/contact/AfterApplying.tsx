import type { FooterEntity } from "../../lib/types";
import { useMain } from "../../lib/store";
import type { ContactCopy } from "./types";

/** Beside the form: the steps after an application, how soon an account manager replies, and the
 * legal entity that receives it: the one chosen with the header's entity switch. */
export function AfterApplying({ copy, entities }: { copy: ContactCopy["after"]; entities: FooterEntity[] }) {
  const chosen = useMain((state) => state.entity);
  const entity = entities.find((candidate) => candidate.id === chosen) ?? entities[0];
  return (
    <aside class="contact-aside" aria-labelledby="contact-aside-heading">
      <h2 id="contact-aside-heading" class="contact-aside__heading">
        {copy.heading}
      </h2>
      <ol class="contact-aside__steps">
        {copy.step.map((step) => (
          <li key={step.title}>
            <h3>{step.title}</h3>
            <p>{step.body}</p>
          </li>
        ))}
      </ol>
      <p class="contact-aside__response">{copy.responseTime}</p>
      {entity && (
        <div class="contact-aside__entity" data-entity={entity.id}>
          <h3>{copy.entityHeading}</h3>
          <p class="contact-aside__legal-name">{entity.legalName}</p>
          <p>{entity.address}</p>
        </div>
      )}
    </aside>
  );
}
