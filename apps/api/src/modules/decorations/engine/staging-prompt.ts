import type { RoomType, Style } from '@estancia/contracts';

const ROOMS: Record<RoomType, string> = {
  bedroom: 'a double bedroom with a bed, two nightstands with lamps and a rug',
  bedroom_individual: 'a single bedroom with a single bed, a nightstand with a lamp and a rug',
  childrenroom: "a children's bedroom with a single bed, toy storage and a soft rug",
  livingroom: 'a living room with a sofa, a coffee table, an armchair, a rug and a plant',
  empty_room: 'a living room with a sofa, a coffee table, an armchair, a rug and a plant',
  gameroom: 'a games room with a sofa, a games table and shelves',
  terrace: 'a terrace with outdoor seating, a low table and potted plants',
  diningroom: 'a dining room with a dining table, chairs and a pendant lamp',
  dining_living_room:
    'an open living and dining room with a sofa, a coffee table, a dining table with chairs and a pendant lamp',
  kitchen: 'a kitchen with an island, bar stools and pendant lamps',
  living_kitchen_room:
    'an open kitchen and living room with a kitchen island, bar stools, a sofa and a coffee table',
  bathroom: 'a bathroom with a vanity unit, a mirror, towels and a plant',
  office: 'a home office with a desk, an office chair, a bookcase and a plant',
  study_room: 'a study with a desk, a chair, a bookcase and a reading lamp',
};

const STYLES: Record<Style, string> = {
  modern: 'modern style: clean lines, neutral tones with bold accents, matte black details',
  minimalist: 'minimalist style: few pieces, white and light beige, uncluttered surfaces',
  classic: 'classic style: dark wood, rich fabrics, brass details, elegant symmetry',
  coastal: 'coastal style: white and sand tones, light blues, natural fibres, airy light',
  rustic: 'rustic style: reclaimed wood, warm earthy tones, linen and wrought iron',
  industrial: 'industrial style: black metal, raw wood, leather, concrete greys',
  scandinavian: 'Scandinavian style: light oak, white walls, soft greys, cosy textiles',
  mediterranean: 'Mediterranean style: whitewashed walls, terracotta, blue accents, natural wood',
  vintage: 'vintage style: mid-century furniture, mustard and teal, warm patina',
  bohemian: 'bohemian style: layered rugs, rattan, plants, warm saturated colours',
  housfy: 'Housfy style: bright contemporary staging, light neutrals with violet and teal accents',
  tropical: 'tropical style: rattan, lush plants, green and warm orange accents',
  tribal: 'tribal style: carved dark wood, ochre and black patterns, handmade textiles',
};

/** The English instruction sent to a real staging engine: keep the room, add furniture in the style. */
export function stagingPrompt(roomType: RoomType, style: Style): string {
  return (
    `Virtually stage this photo as ${ROOMS[roomType]}, in ${STYLES[style]}. ` +
    'Keep the walls, windows, doors, floor, ceiling and camera viewpoint exactly as they are; ' +
    'add furniture at a realistic scale standing on the floor, with natural shadows and lighting. ' +
    'Photorealistic real-estate photograph, no people, no text.'
  );
}
