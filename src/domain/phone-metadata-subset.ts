/** libphonenumber-js metadata, as far as cutting it to a list of countries needs to know it. */
export interface PhoneMetadata {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
}

/**
 * The metadata of the calling codes of `isoCodes`: every country sharing one of those codes is kept with it (the
 * library tells a +44 or +1 number's country apart only knowing all of them). Non-geographic numbers are dropped.
 */
export const phoneMetadataFor = (metadata: PhoneMetadata, isoCodes: readonly string[]): PhoneMetadata => {
  const wanted = new Set(isoCodes);
  const callingCodes = Object.fromEntries(
    Object.entries(metadata.country_calling_codes).filter(([, countries]) =>
      countries.some((country) => wanted.has(country)),
    ),
  );
  const kept = new Set(Object.values(callingCodes).flat());
  const countries = Object.fromEntries(Object.entries(metadata.countries).filter(([iso]) => kept.has(iso)));
  return { version: metadata.version, country_calling_codes: callingCodes, countries };
};
