const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a string is a row id. Ids also come from buyers' conversations, cart attributes, URLs and headers:
 * anything else is not ours, and must not reach a uuid column (PostgreSQL refuses the cast, a 500).
 */
export const isUuid = (value: string): boolean => UUID.test(value);
