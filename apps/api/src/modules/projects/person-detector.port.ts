/** Raw, tightly packed RGB pixels (row by row, 3 bytes per pixel). */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

/**
 * Says whether a photo shows a person (spec: photos with people are refused). Adapters: the bundled
 * offline detector (@vladmandic/human on WebAssembly) or none when PERSON_DETECTOR=off.
 */
export abstract class PersonDetector {
  abstract hasPerson(image: RgbImage): Promise<boolean>;
}

/** PERSON_DETECTOR=off: every photo passes. */
export class NoPersonDetector extends PersonDetector {
  hasPerson(): Promise<boolean> {
    return Promise.resolve(false);
  }
}
