// Made by scripts/make-landing-media.ts (do not edit by hand): the landing page's videos and posters in static/media.
export interface LandingVideo {
  readonly webm: string;
  readonly mp4: string;
  readonly poster: string;
}

export const landingMedia = {
  individual: {
    webm: '/media/individual.3641f8e8e9.webm',
    mp4: '/media/individual.55dc5bc112.mp4',
    poster: '/media/individual.096821230e.webp',
  },
  business: {
    webm: '/media/business.53c27579ab.webm',
    mp4: '/media/business.0a6178f1f3.mp4',
    poster: '/media/business.e09ccc7d26.webp',
  },
  government: {
    webm: '/media/government.ebcbf0ea16.webm',
    mp4: '/media/government.af5e78c680.mp4',
    poster: '/media/government.fdbe4e50c7.webp',
  },
  howItWorks: {
    webm: '/media/how-it-works.7605b8d344.webm',
    mp4: '/media/how-it-works.ba307be338.mp4',
    poster: '/media/how-it-works.2c0ae30a23.webp',
  },
} as const satisfies Record<string, LandingVideo>;
