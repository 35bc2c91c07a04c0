import { useLingui } from "@lingui/react/macro";
import type { AccountType } from "./supportedAssets";

/** The names of the four account types, as the filters and the table's columns show them. */
export function useAccountLabels(): Record<AccountType, string> {
  const { t } = useLingui();
  return {
    warm: t`Warm wallet`,
    cold: t`Cold wallet`,
    defi: t`DeFi account`,
    oasis: t`Oasis account`,
  };
}
