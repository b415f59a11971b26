import { useCallback, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import type { MessageId } from '../i18n/en';
import { useI18n } from '../i18n/i18n';
import { landingMedia, type LandingVideo } from './landing-media';
import { movingPicturesWelcome, REDUCED_MOTION_QUERY } from './ui/motion';

/** How far outside the viewport a video is given its sources: about a phone screen ahead of the reader. */
const LOAD_MARGIN = '400px 0px';

/** True once the element has come within LOAD_MARGIN of the viewport, and from then on (false while prerendering). */
function useNearViewport(ref: RefObject<Element | null>): boolean {
  const near = useRef(false);
  const subscribe = useCallback(
    (notify: () => void) => {
      const element = ref.current;
      if (!element || near.current) return () => undefined;
      if (typeof IntersectionObserver === 'undefined') {
        near.current = true;
        notify();
        return () => undefined;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          near.current = true;
          observer.disconnect();
          notify();
        },
        { rootMargin: LOAD_MARGIN },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [ref],
  );
  return useSyncExternalStore(
    subscribe,
    () => near.current,
    () => false,
  );
}

const subscribeToMotionPreference = (notify: () => void) => {
  const query = window.matchMedia?.(REDUCED_MOTION_QUERY);
  query?.addEventListener?.('change', notify);
  return () => query?.removeEventListener?.('change', notify);
};

/** Read from the browser after hydration, so the page prerendered without JavaScript and its hydration draw the same. */
const useMovingPicturesWelcome = (): boolean =>
  useSyncExternalStore(subscribeToMotionPreference, movingPicturesWelcome, () => false);

function VideoSources({ video }: { video: LandingVideo }) {
  return (
    <>
      <source src={video.webm} type="video/webm" />
      <source src={video.mp4} type="video/mp4" />
    </>
  );
}

/**
 * The video's place until it comes near the screen, the same size: a <video> element costs the page its media
 * controls' styles and layout even before it loads anything (most of the landing page's style work on a phone).
 * It shows the poster, loaded lazily (the browser fetches it a screen or two ahead, never with the first view), so
 * a reader scrolling down meets a picture, not a grey block.
 */
function VideoFrame({ poster }: { poster: string }) {
  return (
    <div className="landing-video-frame" aria-hidden="true">
      <img
        className="landing-video-poster"
        src={poster}
        alt=""
        width={480}
        height={270}
        loading="lazy"
        decoding="async"
      />
    </div>
  );
}

interface Audience {
  title: MessageId;
  text: MessageId;
  video: LandingVideo;
}

const audiences: readonly Audience[] = [
  {
    title: 'landing.audience.individual',
    text: 'landing.audience.individualText',
    video: landingMedia.individual,
  },
  { title: 'landing.audience.business', text: 'landing.audience.businessText', video: landingMedia.business },
  {
    title: 'landing.audience.government',
    text: 'landing.audience.governmentText',
    video: landingMedia.government,
  },
];

/**
 * An audience card: a wordless looping video, muted, that plays while a mouse is over the card or its button has
 * keyboard focus, and a button to play or pause it (a phone has no hover). Only its poster (lazily) is fetched,
 * and no <video> exists, until the card is near the screen; a visitor who asked for reduced motion or less data gets
 * the poster alone.
 */
function AudienceCard({ audience }: { audience: Audience }) {
  const { t } = useI18n();
  const cardRef = useRef<HTMLLIElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const near = useNearViewport(cardRef);
  const welcome = useMovingPicturesWelcome();
  const [playing, setPlaying] = useState(false);

  const play = () => {
    if (welcome) videoRef.current?.play().catch(() => setPlaying(false));
  };
  const pause = () => videoRef.current?.pause();
  // A tap or a click focuses the button before clicking it: only focus from the keyboard plays, or the click that
  // follows would pause the video at once.
  const pressed = useRef(false);
  const playOnKeyboardFocus = () => {
    if (!pressed.current) play();
  };
  const toggle = () => {
    pressed.current = false;
    if (playing) pause();
    else play();
  };

  return (
    <li
      ref={cardRef}
      className="landing-tile audience-card"
      onPointerEnter={(event) => (event.pointerType === 'mouse' ? play() : undefined)}
      onPointerLeave={(event) => (event.pointerType === 'mouse' ? pause() : undefined)}
    >
      <div className="landing-video">
        {near ? (
          <video
            ref={videoRef}
            width={480}
            height={270}
            muted
            loop
            playsInline
            preload="none"
            poster={audience.video.poster}
            aria-hidden="true"
            tabIndex={-1}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
          >
            {welcome ? <VideoSources video={audience.video} /> : null}
          </video>
        ) : (
          <VideoFrame poster={audience.video.poster} />
        )}
        {welcome ? (
          <button
            type="button"
            className="landing-video-toggle"
            onPointerDown={() => (pressed.current = true)}
            onFocus={playOnKeyboardFocus}
            onBlur={pause}
            onClick={toggle}
          >
            <span aria-hidden="true">{playing ? '❚❚ ' : '▶ '}</span>
            {t(playing ? 'landing.video.pause' : 'landing.video.play')}
            <span className="visually-hidden">{`: ${t(audience.title)}`}</span>
          </button>
        ) : null}
      </div>
      <h3>{t(audience.title)}</h3>
      <p>{t(audience.text)}</p>
    </li>
  );
}

/** The three audience cards of spec section 2 (Individual, Business, Government). */
export function AudienceCards() {
  return (
    <ul className="landing-tiles">
      {audiences.map((audience) => (
        <AudienceCard key={audience.title} audience={audience} />
      ))}
    </ul>
  );
}

/** The how-it-works video: the four steps drawn without words or sound, played only when the visitor asks. */
export function HowItWorksVideo() {
  const { t } = useI18n();
  const frameRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(frameRef);
  return (
    <div ref={frameRef} className="landing-video landing-video-wide">
      {near ? (
        <video
          width={480}
          height={270}
          controls
          muted
          playsInline
          preload="none"
          poster={landingMedia.howItWorks.poster}
          aria-label={t('landing.how.videoLabel')}
        >
          <VideoSources video={landingMedia.howItWorks} />
        </video>
      ) : (
        <VideoFrame poster={landingMedia.howItWorks.poster} />
      )}
    </div>
  );
}
