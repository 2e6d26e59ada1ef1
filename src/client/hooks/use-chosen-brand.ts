import { useState } from 'react';

/**
 * The brand last chosen on any screen, for this browser tab: the next screen opens on it rather than on the
 * first brand (sessionStorage, so two tabs can work on two brands).
 */
const key = 'voicecart.chosenBrand';

export function rememberChosenBrand(brandId: string): void {
  try {
    sessionStorage.setItem(key, brandId);
  } catch {
    // Storage can be off (private modes); the screens then open on the first brand, as before.
  }
}

export function readChosenBrand(): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The brand a screen opens on: the one asked for in its address, else the last chosen, else the first. */
export function useChosenBrand(
  brands: readonly { id: string }[],
  asked?: string | null,
): [string | undefined, (brandId: string) => void] {
  const pick = (id: string | null | undefined) => brands.find((brand) => brand.id === id)?.id;
  const [brandId, setBrandId] = useState(() => pick(asked) ?? pick(readChosenBrand()) ?? brands[0]?.id);
  const choose = (id: string) => {
    rememberChosenBrand(id);
    setBrandId(id);
  };
  return [brandId, choose];
}
