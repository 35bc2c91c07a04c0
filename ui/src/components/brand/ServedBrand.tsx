import type { Section } from "../../lib/sections";
import { CallToAction } from "../sections/CallToAction";
import { BrandLogos } from "./BrandLogos";
import { BrandMark } from "./BrandMark";
import { BrandRules } from "./BrandRules";
import { BrandType } from "./BrandType";

/** The brand kit's sections without behaviour, in a chunk of their own (src/pages/brand-kit.tsx): a
 * first visit keeps their served markup and never loads this code. */
export default function ServedBrandSection({ section }: { section: Section }) {
  switch (section.kind) {
    case "brand-logos":
      return <BrandLogos section={section} />;
    case "brand-mark":
      return <BrandMark section={section} />;
    case "brand-type":
      return <BrandType section={section} />;
    case "brand-rules":
      return <BrandRules section={section} />;
    case "cta":
      return <CallToAction section={section} />;
    default:
      return null;
  }
}
