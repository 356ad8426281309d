import type { RoomType } from '@estancia/contracts';
import { bed, nightstand } from './assets/bedroom';
import { mirror, towel, vanity } from './assets/bathroom';
import { chair, diningTable } from './assets/dining';
import { island, stool } from './assets/kitchen';
import { armchair, coffeeTable, sofa } from './assets/living';
import { desk, officeChair, shelf } from './assets/office';
import { floorLamp, pendantLamp, plant, rug, tableLamp, wallArt } from './assets/soft';
import type { Asset, AssetContext } from './assets/svg';

/**
 * Where one piece goes. Floor pieces: `x` is the centre (0…1 of the width), `depth` 0 is the back of the
 * floor (the floor line) and 1 the bottom of the photo, `size` the width at mid depth (share of the photo's
 * width). Wall pieces: `lift` is how far above the floor line their base sits (share of the height); `hangs`
 * marks a lamp hanging from the ceiling in front of the room. `sitsOn` puts a piece on top of an earlier one
 * (a lamp on a nightstand); `follows` makes a piece move sideways with an earlier one when that one has to
 * clear a window or a door (a coffee table with its sofa), and `withLeader` leaves it out when that one was
 * (stools without their island). `instead` is a smaller piece tried when this one fits nowhere.
 */
export interface Placement {
  draw: (context: AssetContext) => Asset;
  x: number;
  size: number;
  depth?: number;
  lift?: number;
  hangs?: boolean;
  sitsOn?: number;
  follows?: number;
  withLeader?: boolean;
  instead?: { draw: (context: AssetContext) => Asset; size: number };
  under?: boolean;
}

const singleBed = (context: AssetContext) => bed(context, true);

const living: Placement[] = [
  { draw: sofa, x: 0.45, depth: 0.12, size: 0.42, instead: { draw: armchair, size: 0.16 } },
  { draw: coffeeTable, x: 0.47, depth: 0.5, size: 0.22, follows: 0 },
  { draw: rug, x: 0.5, depth: 0.45, size: 0.62, under: true, follows: 0 },
  { draw: floorLamp, x: 0.16, depth: 0.1, size: 0.07, follows: 0 },
  { draw: armchair, x: 0.82, depth: 0.55, size: 0.2 },
  { draw: plant, x: 0.94, depth: 0.08, size: 0.08 },
  { draw: wallArt, x: 0.45, lift: 0.2, size: 0.14, follows: 0 },
];

const dining: Placement[] = [
  { draw: diningTable, x: 0.5, depth: 0.35, size: 0.4 },
  { draw: chair, x: 0.38, depth: 0.18, size: 0.08, follows: 0, withLeader: true },
  { draw: chair, x: 0.62, depth: 0.18, size: 0.08, follows: 0, withLeader: true },
  { draw: chair, x: 0.26, depth: 0.45, size: 0.09, follows: 0, withLeader: true },
  { draw: chair, x: 0.74, depth: 0.45, size: 0.09, follows: 0, withLeader: true },
  { draw: rug, x: 0.5, depth: 0.45, size: 0.6, under: true, follows: 0 },
  { draw: plant, x: 0.9, depth: 0.15, size: 0.08 },
  { draw: pendantLamp, x: 0.5, lift: 0.3, size: 0.09, hangs: true, follows: 0 },
];

const bedroom: Placement[] = [
  { draw: bed, x: 0.5, depth: 0.35, size: 0.45, instead: { draw: singleBed, size: 0.3 } },
  { draw: nightstand, x: 0.24, depth: 0.1, size: 0.08, follows: 0 },
  { draw: tableLamp, x: 0.24, sitsOn: 1, size: 0.05 },
  { draw: nightstand, x: 0.76, depth: 0.1, size: 0.08, follows: 0 },
  { draw: tableLamp, x: 0.76, sitsOn: 3, size: 0.05 },
  { draw: rug, x: 0.5, depth: 0.55, size: 0.6, under: true, follows: 0 },
  { draw: wallArt, x: 0.5, lift: 0.27, size: 0.16, follows: 0 },
];

const singleBedroom: Placement[] = [
  { draw: singleBed, x: 0.42, depth: 0.3, size: 0.3 },
  { draw: nightstand, x: 0.67, depth: 0.12, size: 0.08, follows: 0 },
  { draw: tableLamp, x: 0.67, sitsOn: 1, size: 0.05 },
  { draw: rug, x: 0.55, depth: 0.6, size: 0.45, under: true, follows: 0 },
  { draw: plant, x: 0.86, depth: 0.25, size: 0.08 },
  { draw: wallArt, x: 0.45, lift: 0.25, size: 0.13, follows: 0 },
];

const kitchen: Placement[] = [
  { draw: island, x: 0.5, depth: 0.3, size: 0.5 },
  { draw: stool, x: 0.36, depth: 0.55, size: 0.07, follows: 0, withLeader: true },
  { draw: stool, x: 0.5, depth: 0.55, size: 0.07, follows: 0, withLeader: true },
  { draw: stool, x: 0.64, depth: 0.55, size: 0.07, follows: 0, withLeader: true },
  { draw: plant, x: 0.88, depth: 0.2, size: 0.08 },
  { draw: pendantLamp, x: 0.38, lift: 0.32, size: 0.07, hangs: true, follows: 0 },
  { draw: pendantLamp, x: 0.62, lift: 0.32, size: 0.07, hangs: true, follows: 0 },
];

const bathroom: Placement[] = [
  { draw: vanity, x: 0.45, depth: 0.15, size: 0.3 },
  { draw: rug, x: 0.45, depth: 0.6, size: 0.3, under: true, follows: 0 },
  { draw: plant, x: 0.18, depth: 0.3, size: 0.08 },
  { draw: mirror, x: 0.45, lift: 0.22, size: 0.16, follows: 0 },
  { draw: towel, x: 0.78, lift: 0.1, size: 0.08 },
];

const office: Placement[] = [
  { draw: desk, x: 0.52, depth: 0.2, size: 0.36 },
  { draw: officeChair, x: 0.55, depth: 0.5, size: 0.11, follows: 0, withLeader: true },
  { draw: rug, x: 0.48, depth: 0.55, size: 0.5, under: true, follows: 0 },
  { draw: shelf, x: 0.15, depth: 0.1, size: 0.14 },
  { draw: plant, x: 0.86, depth: 0.3, size: 0.08 },
];

const study: Placement[] = [
  { draw: desk, x: 0.42, depth: 0.2, size: 0.34 },
  { draw: officeChair, x: 0.44, depth: 0.5, size: 0.11, follows: 0, withLeader: true },
  { draw: shelf, x: 0.82, depth: 0.1, size: 0.15 },
  { draw: floorLamp, x: 0.14, depth: 0.2, size: 0.06 },
  { draw: wallArt, x: 0.4, lift: 0.28, size: 0.12, follows: 0 },
];

const diningLiving: Placement[] = [
  { draw: sofa, x: 0.28, depth: 0.15, size: 0.34 },
  { draw: coffeeTable, x: 0.3, depth: 0.5, size: 0.17, follows: 0 },
  { draw: rug, x: 0.3, depth: 0.5, size: 0.42, under: true, follows: 0 },
  { draw: diningTable, x: 0.74, depth: 0.35, size: 0.28 },
  { draw: chair, x: 0.66, depth: 0.2, size: 0.07, follows: 3, withLeader: true },
  { draw: chair, x: 0.82, depth: 0.2, size: 0.07, follows: 3, withLeader: true },
  { draw: pendantLamp, x: 0.74, lift: 0.3, size: 0.07, hangs: true, follows: 3 },
];

const livingKitchen: Placement[] = [
  { draw: island, x: 0.72, depth: 0.25, size: 0.36 },
  { draw: stool, x: 0.64, depth: 0.5, size: 0.06, follows: 0, withLeader: true },
  { draw: stool, x: 0.78, depth: 0.5, size: 0.06, follows: 0, withLeader: true },
  { draw: sofa, x: 0.27, depth: 0.2, size: 0.34 },
  { draw: coffeeTable, x: 0.28, depth: 0.55, size: 0.16, follows: 3 },
  { draw: rug, x: 0.28, depth: 0.55, size: 0.4, under: true, follows: 3 },
  { draw: pendantLamp, x: 0.72, lift: 0.32, size: 0.06, hangs: true, follows: 0 },
];

/** The furniture of each room type; an empty room is staged as a living room. */
export const ROOM_SETS: Record<RoomType, readonly Placement[]> = {
  bedroom,
  bedroom_individual: singleBedroom,
  childrenroom: singleBedroom,
  livingroom: living,
  empty_room: living,
  gameroom: living,
  terrace: living,
  diningroom: dining,
  dining_living_room: diningLiving,
  kitchen,
  living_kitchen_room: livingKitchen,
  bathroom,
  office,
  study_room: study,
};
