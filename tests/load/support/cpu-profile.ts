import { readFile } from 'node:fs/promises';

/** The parts of a V8 .cpuprofile (written by `node --cpu-prof`) that a summary needs. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface CpuSummary {
  sampledMs: number;
  /** Self time by where the code lives: a package under node_modules, a file of src/, or a V8/Node category. */
  byPlace: { place: string; ms: number; share: number }[];
  byFunction: { name: string; ms: number; share: number }[];
}

const placeOf = (url: string, functionName: string): string => {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  const source = /\/(src\/.+)$/.exec(url);
  if (source) return source[1]!;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '');
};

/**
 * Self time per place and per function, counting only the samples taken after `fromMs` into the profile (to
 * leave out the start-up and the set-up before a timed run).
 */
export const summarizeCpuProfile = async (file: string, fromMs = 0, top = 15): Promise<CpuSummary> => {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let time = profile.startTime;
  let sampled = 0;
  for (let index = 0; index < profile.samples.length; index += 1) {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if ((time - profile.startTime) / 1000 < fromMs) continue;
    const node = nodes.get(profile.samples[index]!);
    if (!node) continue;
    // The sample's duration is the gap to the next one.
    const ms = (profile.timeDeltas[index + 1] ?? delta) / 1000;
    sampled += ms;
    const { functionName, url, lineNumber } = node.callFrame;
    const place = placeOf(url, functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} ${place}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const ranked = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, ms]) => ({ key, ms, share: sampled > 0 ? ms / sampled : 0 }));
  return {
    sampledMs: sampled,
    byPlace: ranked(byPlace).map(({ key, ms, share }) => ({ place: key, ms, share })),
    byFunction: ranked(byFunction).map(({ key, ms, share }) => ({ name: key, ms, share })),
  };
};
