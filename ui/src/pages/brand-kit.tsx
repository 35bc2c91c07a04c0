import type { ComponentType } from "preact";
import { BrandCopy } from "../components/brand/BrandCopy";
import { BrandDownload } from "../components/brand/BrandDownload";
import { BrandPalette } from "../components/brand/BrandPalette";
import { MarketingLayout } from "../components/MarketingLayout";
import type { Section } from "../lib/sections";
import type { PageProps } from "../lib/types";
import "../styles/brand-kit.css";
import "../styles/lattice-edge.css";

/** What draws the brand kit's sections without behaviour (logos, mark, type, rules, the call to
 * action), once its chunk is loaded: on a first visit they keep their served markup. */
let ServedBrandSection: ComponentType<{ section: Section }> | null = null;

/** Loads that code, for drawing the page from nothing (prerendering, client navigation). */
export const prepare = () =>
  import("../components/brand/ServedBrand").then((module) => {
    ServedBrandSection = module.default;
  });

/** A section of the brand kit: the ones with behaviour (copy and download buttons) drawn here, the
 * others by their served chunk, or left as served. */
function brandSection(section: Section) {
  switch (section.kind) {
    case "brand-palette":
      return <BrandPalette section={section} />;
    case "brand-copy":
      return <BrandCopy section={section} />;
    case "brand-download":
      return <BrandDownload section={section} />;
    default:
      return ServedBrandSection ? <ServedBrandSection section={section} /> : null;
  }
}

export default function BrandKitPage({ page }: PageProps<"marketing">) {
  return <MarketingLayout page={page} renderSection={brandSection} trustLine={false} />;
}
