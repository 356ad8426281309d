import { ROOM_TYPES, STYLES, type RoomType, type Style } from '@estancia/contracts';
import { DEFAULT_ROOM_TYPE, DEFAULT_STYLE } from '../decorations/catalogue';

/** A try's room type and style as the selects take them (the API answers plain strings). */
export const asRoomType = (value: string): RoomType =>
  (ROOM_TYPES as readonly string[]).includes(value) ? (value as RoomType) : DEFAULT_ROOM_TYPE;
export const asStyle = (value: string): Style =>
  (STYLES as readonly string[]).includes(value) ? (value as Style) : DEFAULT_STYLE;
