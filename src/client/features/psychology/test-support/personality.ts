import type { BrandPersonality } from '#contracts/dashboard.ts';

/** For this feature's component tests: brand-1's saved personality, the form's starting point. */
export const savedPersonality: BrandPersonality = {
  brandId: 'brand-1',
  archetype: 'sage',
  tone: 'friendly',
  voiceDescription: 'Calm and clear.',
  exampleResponses: '',
  saved: true,
};
