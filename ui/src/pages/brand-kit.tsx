import { BrandCopy } from "../components/brand/BrandCopy";
import { BrandDownload } from "../components/brand/BrandDownload";
import { BrandLogos } from "../components/brand/BrandLogos";
import { BrandPalette } from "../components/brand/BrandPalette";
import { BrandRules } from "../components/brand/BrandRules";
import { MarketingLayout } from "../components/MarketingLayout";
import { CallToAction } from "../components/sections/CallToAction";
import type { Section } from "../lib/sections";
import type { PageProps } from "../lib/types";
import "../styles/brand-kit.css";

function brandSection(section: Section) {
  switch (section.kind) {
    case "brand-logos":
      return <BrandLogos section={section} />;
    case "brand-palette":
      return <BrandPalette section={section} />;
    case "brand-copy":
      return <BrandCopy section={section} />;
    case "brand-rules":
      return <BrandRules section={section} />;
    case "brand-download":
      return <BrandDownload section={section} />;
    case "cta":
      return <CallToAction section={section} />;
    default:
      return null;
  }
}

export default function BrandKitPage({ page }: PageProps<"marketing">) {
  return <MarketingLayout page={page} renderSection={brandSection} />;
}
