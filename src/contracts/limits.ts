/** Limits shared by client and server so both sides reject the same input. */
export const limits = {
  /** Largest JSON request body the API accepts. */
  maxBodyBytes: 16 * 1024,
  /** RFC 5321 caps a forward path at 254 characters. */
  maxEmailLength: 254,
} as const;
