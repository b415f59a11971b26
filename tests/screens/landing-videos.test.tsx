import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LandingScreen } from '../../src/screens/landing-screen';
import { landingMedia } from '../../src/screens/landing-media';
import { renderScreen } from './render';

type Notify = (entries: { isIntersecting: boolean }[]) => void;
const observers: { notify: Notify; elements: Element[] }[] = [];

class FakeIntersectionObserver {
  readonly elements: Element[] = [];
  constructor(notify: Notify) {
    observers.push({ notify, elements: this.elements });
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  disconnect() {}
}

const scrollNear = () =>
  act(() => {
    for (const observer of observers) observer.notify([{ isIntersecting: true }]);
  });

const visitor = ({ reducedMotion = false, saveData = false } = {}) => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reducedMotion && query.includes('reduced-motion'),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  Object.defineProperty(navigator, 'connection', { value: { saveData }, configurable: true });
};

const audienceCard = (name: string) =>
  screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
const videoOf = (card: HTMLElement) => card.querySelector('video') as HTMLVideoElement;
const sourcesOf = (video: HTMLVideoElement) =>
  [...video.querySelectorAll('source')].map((source) => source.src);

describe('the landing page videos', () => {
  let play: Mock<(this: HTMLMediaElement) => Promise<void>>;

  beforeEach(() => {
    observers.length = 0;
    play = vi.fn(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLVideoElement) {
      this.dispatchEvent(new Event('pause'));
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'connection');
  });

  it('loads no video of an audience card until the card comes near the screen, its poster lazily before', () => {
    visitor();
    renderScreen(<LandingScreen signedIn={false} />);
    const card = audienceCard('Business');
    expect(card.querySelector('video')).toBeNull();
    // The frame shows the poster (no grey block), left to the browser's lazy loading.
    const poster = card.querySelector('.landing-video-frame img');
    expect(poster).toHaveAttribute('src', landingMedia.business.poster);
    expect(poster).toHaveAttribute('loading', 'lazy');
    scrollNear();
    const video = videoOf(card);
    expect(card.querySelector('.landing-video-frame')).toBeNull();
    expect(video).toHaveAttribute('preload', 'none');
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video).toHaveAttribute('poster', landingMedia.business.poster);
    expect(sourcesOf(video)).toEqual([
      expect.stringContaining(landingMedia.business.webm),
      expect.stringContaining(landingMedia.business.mp4),
    ]);
  });

  it('plays a card while the pointer is over it, and pauses when it leaves', () => {
    visitor();
    renderScreen(<LandingScreen signedIn={false} />);
    scrollNear();
    const card = audienceCard('Individual');
    fireEvent.pointerEnter(card, { pointerType: 'mouse' });
    expect(play).toHaveBeenCalledTimes(1);
    expect(within(card).getByRole('button', { name: 'Pause the video: Individual' })).toBeInTheDocument();
    fireEvent.pointerLeave(card, { pointerType: 'mouse' });
    expect(within(card).getByRole('button', { name: 'Play the video: Individual' })).toBeInTheDocument();
  });

  it('gives a phone user a button to play and pause the video', async () => {
    visitor();
    const user = userEvent.setup();
    renderScreen(<LandingScreen signedIn={false} />);
    scrollNear();
    const card = audienceCard('Government');
    const tap = (target: Element) => user.pointer({ keys: '[TouchA]', target });
    await tap(within(card).getByRole('button', { name: 'Play the video: Government' }));
    expect(play).toHaveBeenCalledTimes(1);
    await tap(within(card).getByRole('button', { name: 'Pause the video: Government' }));
    expect(within(card).getByRole('button', { name: 'Play the video: Government' })).toBeInTheDocument();
  });

  it('plays a card for a keyboard user who reaches its button, and pauses when focus moves on', async () => {
    visitor();
    const user = userEvent.setup();
    renderScreen(<LandingScreen signedIn={false} />);
    scrollNear();
    const button = within(audienceCard('Individual')).getByRole('button', {
      name: 'Play the video: Individual',
    });
    while (document.activeElement !== button) await user.tab();
    expect(play).toHaveBeenCalledTimes(1);
    expect(button).toHaveAccessibleName('Pause the video: Individual');
    await user.tab();
    expect(within(audienceCard('Individual')).getByRole('button')).toHaveAccessibleName(
      'Play the video: Individual',
    );
  });

  it.each([
    ['asked for reduced motion', { reducedMotion: true }],
    ['saves data', { saveData: true }],
  ])('gives a visitor who %s the posters alone', (_, preferences) => {
    visitor(preferences);
    renderScreen(<LandingScreen signedIn={false} />);
    scrollNear();
    for (const name of ['Individual', 'Business', 'Government']) {
      const card = audienceCard(name);
      expect(sourcesOf(videoOf(card))).toEqual([]);
      expect(within(card).queryByRole('button')).not.toBeInTheDocument();
      fireEvent.pointerEnter(card, { pointerType: 'mouse' });
    }
    expect(play).not.toHaveBeenCalled();
  });

  it('offers the how-it-works video with its controls, named for screen readers, loaded only when near', () => {
    visitor();
    renderScreen(<LandingScreen signedIn={false} />);
    const section = screen.getByRole('region', { name: 'How it works' });
    expect(section.querySelector('video')).toBeNull();
    scrollNear();
    const video = section.querySelector('video') as HTMLVideoElement;
    expect(video).toHaveAccessibleName('How it works: an animation of the four steps, without sound');
    expect(video.controls).toBe(true);
    expect(video.autoplay).toBe(false);
    expect(video).toHaveAttribute('poster', landingMedia.howItWorks.poster);
    expect(sourcesOf(video)).toHaveLength(2);
  });
});
