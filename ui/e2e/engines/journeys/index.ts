import { consentBanner } from "./consent";
import { contactForm } from "./contact";
import type { Journey } from "./journey";
import { clientNavigation, desktopDropdown, homePage, languageAndEntity, phoneMenu } from "./navigation";
import { assetTableOnPhone, faqSearch, supportedAssets } from "./search";
import { servedLanguageSwitch, servedPhoneMenu } from "./served";

/** Every journey each engine runs, in both languages (journeys.spec.ts). A new journey is a
 * `Journey` (journey.ts) added here; one that needs the pages' scripts off says `scripts: false`. */
export const JOURNEYS: readonly Journey[] = [
  homePage,
  phoneMenu,
  desktopDropdown,
  languageAndEntity,
  clientNavigation,
  consentBanner,
  contactForm,
  supportedAssets,
  assetTableOnPhone,
  faqSearch,
  servedPhoneMenu,
  servedLanguageSwitch,
];
