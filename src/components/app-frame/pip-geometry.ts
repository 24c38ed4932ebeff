/**
 * Picture-in-picture as geometry, with no DOM: the size and place of an app's frame floating over
 * the conversation, the person's moves of it, and what the app is told of its container.
 *
 * The frame's place is kept as a fraction of the room it can move in along each axis (`x` 0: at
 * the left, 1: at the right; `y` 0: at the top, 1: at the bottom), so whatever the person does and
 * however the chat is resized, the frame stays inside its area, in the same corner or proportion.
 */
import type { DisplayMode } from '../../mcp/host-api.js';
import type { BoxRect } from './box-placement.js';

export interface Size {
  width: number;
  height: number;
}

export interface PipSpot {
  x: number;
  y: number;
}

/** Room kept between the frame and its area's edges (px). */
export const PIP_MARGIN = 12;
/** An arrow key's move (px), and with Shift. */
export const PIP_STEP = 16;
export const PIP_BIG_STEP = 80;
/** Roughly the frame's bar above the app (px): the app's own part keeps about 4:3. */
const BAR_HEIGHT = 36;
const MIN_WIDTH = 220;
const MAX_WIDTH = 400;
const MIN_HEIGHT = 160;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** Where a frame starts: the bottom corner at the end side (the right, or the left in a right-to-left chat). */
export function defaultSpot(rtl: boolean): PipSpot {
  return { x: rtl ? 0 : 1, y: 1 };
}

/**
 * The frame's size in an area: half the area's width (between 220 and 400 px, so a phone gets a
 * small one), about 4:3 below its bar, at most 60 % of the area's height; never more than the
 * area less its margins.
 */
export function pipSize(area: Size): Size {
  const room = roomOf(area);
  const width = Math.min(room.width, clamp(area.width * 0.5, MIN_WIDTH, MAX_WIDTH));
  const height = Math.min(room.height, Math.max(Math.min(width * 0.75 + BAR_HEIGHT, room.height * 0.6), MIN_HEIGHT));
  return { width: Math.round(width), height: Math.round(height) };
}

/** The frame's box at `spot` in `area` (both in the same coordinates). */
export function pipRect(area: BoxRect, spot: PipSpot, size: Size = pipSize(area)): BoxRect {
  const free = freeOf(area, size);
  return {
    left: Math.round(area.left + free.marginX + clamp(spot.x, 0, 1) * free.x),
    top: Math.round(area.top + free.marginY + clamp(spot.y, 0, 1) * free.y),
    width: size.width,
    height: size.height,
  };
}

/** The spot after moving the frame by `dx`, `dy` pixels from `spot`, held inside the area. */
export function moveSpot(area: Size, spot: PipSpot, dx: number, dy: number, size: Size = pipSize(area)): PipSpot {
  const free = freeOf(area, size);
  const along = (fraction: number, by: number, room: number) => (room > 0 ? clamp((clamp(fraction, 0, 1) * room + by) / room, 0, 1) : fraction);
  return { x: along(spot.x, dx, free.x), y: along(spot.y, dy, free.y) };
}

/** The move an arrow key asks for (Shift: a bigger step), on screen whatever the text direction; none for another key. */
export function keyMove(key: string, shift: boolean): [dx: number, dy: number] | undefined {
  const step = shift ? PIP_BIG_STEP : PIP_STEP;
  const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  return moves[key];
}

/**
 * What the app is told of its container (`containerDimensions`): in its card, its width and the
 * tallest it may grow; in full screen and picture-in-picture, the fixed width and height of the
 * frame's part it draws in.
 */
export function containerDimensions(mode: DisplayMode, box: Size, frame: Size, maxHeight: number): { width: number; maxHeight: number } | { width: number; height: number } {
  if (mode !== 'inline') return { width: Math.round(frame.width), height: Math.round(frame.height) };
  return { width: Math.round(box.width), maxHeight };
}

function roomOf(area: Size): Size & { marginX: number; marginY: number } {
  const marginX = Math.min(PIP_MARGIN, Math.max(area.width, 0) / 2);
  const marginY = Math.min(PIP_MARGIN, Math.max(area.height, 0) / 2);
  return { width: Math.max(area.width - 2 * marginX, 0), height: Math.max(area.height - 2 * marginY, 0), marginX, marginY };
}

function freeOf(area: Size, size: Size): { x: number; y: number; marginX: number; marginY: number } {
  const room = roomOf(area);
  return { x: Math.max(room.width - size.width, 0), y: Math.max(room.height - size.height, 0), marginX: room.marginX, marginY: room.marginY };
}
