#!/usr/bin/env node
/* global document, FileReader, MediaRecorder, requestAnimationFrame */
/**
 * Records the Help page's tutorial video (apps/web/public/help/tutorial.webm) and its poster
 * (tutorial-poster.jpg). Run once by hand; the output is committed:
 *
 *   node tools/tutorial-video.mjs
 *
 * It draws the tutorial on a 960×540 <canvas> in headless Chromium (/usr/bin/chromium, driven by
 * the @playwright/test that apps/e2e installs) and records it in real time (≈43 s) with
 * canvas.captureStream + MediaRecorder. Nothing is downloaded. The drawings carry no words, only
 * icons and the step numbers 1–5: the words are in the captions (tutorial.{es,ca,en}.vtt, written
 * by hand; keep their cue times in step with SCENES below).
 *
 * Chromium's MediaRecorder writes WebM without a duration, so players cannot show a timeline until
 * the end; the script adds the Duration element to the Segment Info before writing the file.
 */
import { writeFileSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'apps/web/public/help');
const { chromium } = createRequire(join(ROOT, 'apps/e2e/package.json'))('@playwright/test');

const SETTINGS = {
  width: 960,
  height: 540,
  fps: 25,
  seconds: 43,
  bitsPerSecond: 250_000,
  /** The frame used as the poster: the before/after comparison, halfway. */
  posterAt: 25.6,
};

/** Runs in the page: draws and records the tutorial, returns the WebM and the poster as base64. */
async function record({ width, height, fps, seconds, bitsPerSecond, posterAt }) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.style.margin = '0';
  document.body.append(canvas);
  const ctx = canvas.getContext('2d');

  // ---- Helpers -------------------------------------------------------------------------------
  const clamp = (v, a = 0, b = 1) => Math.min(b, Math.max(a, v));
  const lerp = (a, b, p) => a + (b - a) * p;
  const ease = (p) => {
    const q = clamp(p);
    return q * q * (3 - 2 * q);
  };
  /** Progress 0…1 of t through [a, b]. */
  const seg = (t, a, b) => ease((t - a) / (b - a));
  /** Fades in over [a, a + d] and out over [b - d, b]. */
  const fade = (t, a, b, d = 0.5) => Math.min(seg(t, a, a + d), 1 - seg(t, b - d, b));
  /** Position along [[time, x, y], …] keyframes. */
  const path = (t, keys) => {
    if (t <= keys[0][0]) return [keys[0][1], keys[0][2]];
    for (let i = 1; i < keys.length; i++) {
      if (t <= keys[i][0]) {
        const p = seg(t, keys[i - 1][0], keys[i][0]);
        return [lerp(keys[i - 1][1], keys[i][1], p), lerp(keys[i - 1][2], keys[i][2], p)];
      }
    }
    const last = keys[keys.length - 1];
    return [last[1], last[2]];
  };
  const rr = (x, y, w, h, r) => {
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, r);
  };
  const poly = (points) => {
    ctx.beginPath();
    points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
  };
  const circle = (x, y, r) => {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
  };
  const withAlpha = (a, draw) => {
    if (a <= 0) return;
    ctx.save();
    ctx.globalAlpha *= clamp(a);
    draw();
    ctx.restore();
  };

  const C = {
    bg: '#f4f1ec',
    ink: '#2f2a26',
    accent: '#b5552f',
    accentSoft: '#f2d9cc',
    ok: '#2e7d4f',
    card: '#ffffff',
    line: '#d8d0c5',
    muted: '#8a8178',
  };
  const STYLES = [
    { sofa: '#8fa39a', wood: '#d9b98c', accent: '#e9e4da' }, // light, sage
    { sofa: '#7a4b32', wood: '#3b3835', accent: '#c9a36a' }, // dark, leather
    { sofa: '#2f6f9f', wood: '#c98a5a', accent: '#f1e6d0' }, // blue, terracotta
    { sofa: '#c7a6a0', wood: '#b08a6a', accent: '#f3dede' }, // pink, walnut
  ];
  const CHOSEN_STYLE = 2;

  // ---- The room: walls, floor, window -----------------------------------------------------------
  function room(x, y, w, h) {
    const bx = x + w * 0.17;
    const by = y + h * 0.12;
    const bw = w * 0.66;
    const bh = h * 0.56;
    ctx.save();
    rr(x, y, w, h, 10);
    ctx.clip();
    ctx.fillStyle = '#f6f2ec'; // ceiling
    ctx.fillRect(x, y, w, h);
    ctx.fillStyle = '#ddd5c8'; // left wall
    poly([
      [x, y],
      [bx, by],
      [bx, by + bh],
      [x, y + h],
    ]);
    ctx.fill();
    ctx.fillStyle = '#d4ccbf'; // right wall
    poly([
      [x + w, y],
      [bx + bw, by],
      [bx + bw, by + bh],
      [x + w, y + h],
    ]);
    ctx.fill();
    ctx.fillStyle = '#ebe5dc'; // back wall
    ctx.fillRect(bx, by, bw, bh);
    ctx.fillStyle = '#c69c6d'; // floor
    poly([
      [bx, by + bh],
      [bx + bw, by + bh],
      [x + w, y + h],
      [x, y + h],
    ]);
    ctx.fill();
    ctx.strokeStyle = 'rgba(90,60,30,0.25)'; // planks
    ctx.lineWidth = 1.5;
    for (let i = 1; i < 8; i++) {
      const fx = bx + (bw * i) / 8;
      ctx.beginPath();
      ctx.moveTo(fx, by + bh);
      ctx.lineTo(x + (w * i) / 8, y + h);
      ctx.stroke();
    }
    // The window on the back wall, with the sky and a sun.
    const wx = bx + bw * 0.12;
    const wy = by + bh * 0.14;
    const ww = bw * 0.3;
    const wh = bh * 0.52;
    ctx.fillStyle = '#bfe0f2';
    ctx.fillRect(wx, wy, ww, wh);
    ctx.fillStyle = '#ffe7a3';
    circle(wx + ww * 0.72, wy + wh * 0.3, wh * 0.12);
    ctx.fill();
    ctx.strokeStyle = '#fbfaf7';
    ctx.lineWidth = Math.max(3, w * 0.012);
    ctx.strokeRect(wx, wy, ww, wh);
    ctx.beginPath();
    ctx.moveTo(wx + ww / 2, wy);
    ctx.lineTo(wx + ww / 2, wy + wh);
    ctx.moveTo(wx, wy + wh / 2);
    ctx.lineTo(wx + ww, wy + wh / 2);
    ctx.stroke();
    // Light from the window on the floor.
    ctx.fillStyle = 'rgba(255,250,230,0.28)';
    poly([
      [wx, by + bh],
      [wx + ww, by + bh],
      [wx + ww * 1.5, y + h * 0.92],
      [wx - ww * 0.2, y + h * 0.92],
    ]);
    ctx.fill();
    ctx.restore();
    return { bx, by, bw, bh };
  }

  /** The furniture the AI adds; `appear(i)` gives each piece's opacity. */
  function furniture(x, y, w, h, style, appear) {
    const s = STYLES[style];
    const { bx, by, bw, bh } = { bx: x + w * 0.17, by: y + h * 0.12, bw: w * 0.66, bh: h * 0.56 };
    const floorY = by + bh;
    ctx.save();
    rr(x, y, w, h, 10);
    ctx.clip();
    // 0 rug
    withAlpha(appear(0), () => {
      ctx.fillStyle = s.accent;
      ctx.beginPath();
      ctx.ellipse(x + w * 0.5, floorY + h * 0.17, w * 0.3, h * 0.09, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = s.wood;
      ctx.lineWidth = 3;
      ctx.stroke();
    });
    // 1 picture on the wall
    withAlpha(appear(1), () => {
      const px = bx + bw * 0.6;
      const py = by + bh * 0.18;
      ctx.fillStyle = s.wood;
      ctx.fillRect(px, py, bw * 0.22, bh * 0.3);
      ctx.fillStyle = s.accent;
      ctx.fillRect(px + 5, py + 5, bw * 0.22 - 10, bh * 0.3 - 10);
      ctx.fillStyle = s.sofa;
      poly([
        [px + 8, py + bh * 0.3 - 8],
        [px + bw * 0.09, py + bh * 0.12],
        [px + bw * 0.22 - 8, py + bh * 0.3 - 8],
      ]);
      ctx.fill();
    });
    // 2 sofa against the back wall
    withAlpha(appear(2), () => {
      const sx = bx + bw * 0.1;
      const sw = bw * 0.62;
      const sy = floorY - bh * 0.36;
      ctx.fillStyle = s.sofa;
      rr(sx, sy, sw, bh * 0.2, 8); // back
      ctx.fill();
      rr(sx - 8, sy + bh * 0.14, sw + 16, bh * 0.2, 8); // seat
      ctx.fill();
      ctx.fillStyle = 'rgba(0,0,0,0.12)';
      rr(sx - 14, sy + bh * 0.08, 20, bh * 0.26, 6); // arms
      ctx.fill();
      rr(sx + sw - 6, sy + bh * 0.08, 20, bh * 0.26, 6);
      ctx.fill();
      ctx.fillStyle = s.accent; // cushions
      rr(sx + sw * 0.12, sy + bh * 0.04, sw * 0.2, bh * 0.13, 6);
      ctx.fill();
      rr(sx + sw * 0.68, sy + bh * 0.04, sw * 0.2, bh * 0.13, 6);
      ctx.fill();
      ctx.fillStyle = s.wood; // feet
      ctx.fillRect(sx, sy + bh * 0.34, 6, 8);
      ctx.fillRect(sx + sw - 6, sy + bh * 0.34, 6, 8);
    });
    // 3 coffee table
    withAlpha(appear(3), () => {
      const tx = x + w * 0.38;
      const ty = floorY + h * 0.1;
      ctx.fillStyle = s.wood;
      rr(tx, ty, w * 0.24, h * 0.05, 6);
      ctx.fill();
      ctx.fillRect(tx + 10, ty + h * 0.05, 6, h * 0.06);
      ctx.fillRect(tx + w * 0.24 - 16, ty + h * 0.05, 6, h * 0.06);
      ctx.fillStyle = s.sofa; // a vase
      rr(tx + w * 0.15, ty - h * 0.05, w * 0.03, h * 0.05, 4);
      ctx.fill();
    });
    // 4 floor lamp on the right
    withAlpha(appear(4), () => {
      const lx = bx + bw * 0.9;
      ctx.strokeStyle = C.ink;
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(lx, floorY + 6);
      ctx.lineTo(lx, by + bh * 0.35);
      ctx.stroke();
      ctx.fillStyle = s.accent;
      poly([
        [lx - 22, by + bh * 0.36],
        [lx + 22, by + bh * 0.36],
        [lx + 14, by + bh * 0.2],
        [lx - 14, by + bh * 0.2],
      ]);
      ctx.fill();
      ctx.fillStyle = 'rgba(255,230,160,0.25)';
      circle(lx, by + bh * 0.4, 40);
      ctx.fill();
    });
    // 5 plant in the left corner
    withAlpha(appear(5), () => {
      const px = x + w * 0.1;
      const py = y + h * 0.86;
      ctx.fillStyle = s.wood;
      poly([
        [px - 18, py - 30],
        [px + 18, py - 30],
        [px + 13, py],
        [px - 13, py],
      ]);
      ctx.fill();
      ctx.fillStyle = '#4f7d4a';
      for (let i = 0; i < 7; i++) {
        const a = -Math.PI / 2 + (i - 3) * 0.35;
        ctx.beginPath();
        ctx.ellipse(
          px + Math.cos(a) * 26,
          py - 34 + Math.sin(a) * 30,
          9,
          22,
          a + Math.PI / 2,
          0,
          Math.PI * 2,
        );
        ctx.fill();
      }
    });
    ctx.restore();
  }

  // ---- Icons -----------------------------------------------------------------------------------
  function cursor(x, y, pressed = false) {
    ctx.save();
    ctx.translate(x, y);
    const k = pressed ? 0.85 : 1;
    ctx.scale(k, k);
    poly([
      [0, 0],
      [0, 26],
      [7, 20],
      [12, 31],
      [17, 29],
      [12, 18],
      [21, 18],
    ]);
    ctx.fillStyle = '#fff';
    ctx.fill();
    ctx.strokeStyle = C.ink;
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.restore();
    if (pressed) {
      ctx.strokeStyle = 'rgba(181,85,47,0.6)';
      ctx.lineWidth = 3;
      circle(x, y, 16);
      ctx.stroke();
    }
  }
  function check(x, y, r, a = 1) {
    withAlpha(a, () => {
      ctx.fillStyle = C.ok;
      circle(x, y, r);
      ctx.fill();
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = r * 0.22;
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(x - r * 0.45, y);
      ctx.lineTo(x - r * 0.1, y + r * 0.38);
      ctx.lineTo(x + r * 0.5, y - r * 0.35);
      ctx.stroke();
      ctx.lineCap = 'butt';
    });
  }
  function arrow(x, y, size, down, color) {
    ctx.strokeStyle = color;
    ctx.lineWidth = size * 0.16;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    const d = down ? 1 : -1;
    ctx.beginPath();
    ctx.moveTo(x, y - (d * size) / 2);
    ctx.lineTo(x, y + (d * size) / 2);
    ctx.moveTo(x - size * 0.35, y + d * size * 0.15);
    ctx.lineTo(x, y + (d * size) / 2);
    ctx.lineTo(x + size * 0.35, y + d * size * 0.15);
    ctx.stroke();
    ctx.lineCap = 'butt';
  }
  function sparkle(x, y, r, color = '#f2b233') {
    ctx.fillStyle = color;
    ctx.beginPath();
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4;
      const rad = i % 2 ? r * 0.3 : r;
      ctx[i ? 'lineTo' : 'moveTo'](x + Math.cos(a - Math.PI / 2) * rad, y + Math.sin(a - Math.PI / 2) * rad);
    }
    ctx.closePath();
    ctx.fill();
  }
  /** Room-type icons: 0 living room (sofa), 1 bedroom (bed), 2 kitchen (pot), 3 bathroom (bath). */
  function roomIcon(kind, x, y, s, color) {
    ctx.fillStyle = color;
    ctx.strokeStyle = color;
    ctx.lineWidth = s * 0.08;
    if (kind === 0) {
      rr(x - s * 0.4, y - s * 0.2, s * 0.8, s * 0.25, 4);
      ctx.fill();
      rr(x - s * 0.5, y, s, s * 0.22, 4);
      ctx.fill();
    } else if (kind === 1) {
      ctx.fillRect(x - s * 0.5, y - s * 0.05, s, s * 0.22);
      ctx.fillRect(x - s * 0.5, y - s * 0.35, s * 0.1, s * 0.6);
      rr(x - s * 0.35, y - s * 0.2, s * 0.25, s * 0.13, 4);
      ctx.fill();
    } else if (kind === 2) {
      rr(x - s * 0.35, y - s * 0.15, s * 0.7, s * 0.4, 6);
      ctx.fill();
      ctx.fillRect(x - s * 0.5, y - s * 0.12, s * 0.15, s * 0.06);
      ctx.fillRect(x + s * 0.35, y - s * 0.12, s * 0.15, s * 0.06);
      ctx.fillRect(x - s * 0.06, y - s * 0.3, s * 0.12, s * 0.12);
    } else {
      rr(x - s * 0.5, y - s * 0.05, s, s * 0.3, 8);
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(x - s * 0.38, y - s * 0.05);
      ctx.lineTo(x - s * 0.38, y - s * 0.38);
      ctx.lineTo(x - s * 0.2, y - s * 0.38);
      ctx.stroke();
    }
  }
  function person(x, y, s, color) {
    ctx.fillStyle = color;
    circle(x, y - s * 0.25, s * 0.22);
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(x, y + s * 0.3, s * 0.4, s * 0.3, 0, Math.PI, 0);
    ctx.fill();
  }
  function brush(x, y, s) {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(-0.6);
    ctx.fillStyle = '#8d5a3b';
    rr(-s * 0.06, -s * 1.1, s * 0.12, s * 0.7, 4);
    ctx.fill();
    ctx.fillStyle = '#b8b8b8';
    ctx.fillRect(-s * 0.09, -s * 0.42, s * 0.18, s * 0.16);
    ctx.fillStyle = C.accent;
    poly([
      [-s * 0.09, -s * 0.26],
      [s * 0.09, -s * 0.26],
      [0, 0],
    ]);
    ctx.fill();
    ctx.restore();
  }

  // ---- The frame around every scene: app window, step number, progress dots ----------------------
  const APP = { x: 150, y: 70, w: 660, h: 440 };
  function chrome(step, t) {
    ctx.fillStyle = C.bg;
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = 'rgba(0,0,0,0.07)';
    rr(APP.x + 6, APP.y + 8, APP.w, APP.h, 16);
    ctx.fill();
    ctx.fillStyle = C.card;
    rr(APP.x, APP.y, APP.w, APP.h, 16);
    ctx.fill();
    ctx.fillStyle = '#efe9e1';
    rr(APP.x, APP.y, APP.w, 34, [16, 16, 0, 0]);
    ctx.fill();
    ['#e0836b', '#e8c062', '#8cc084'].forEach((c, i) => {
      ctx.fillStyle = c;
      circle(APP.x + 22 + i * 18, APP.y + 17, 6);
      ctx.fill();
    });
    // Step number, top left, with a pop when it changes.
    if (step > 0) {
      const pop = 1 + 0.25 * (1 - seg(t, 0, 0.5));
      ctx.save();
      ctx.translate(75, 110);
      ctx.scale(pop, pop);
      ctx.fillStyle = C.accent;
      circle(0, 0, 34);
      ctx.fill();
      ctx.fillStyle = '#fff';
      ctx.font = 'bold 38px sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(step), 0, 2);
      ctx.restore();
    }
    // Five progress dots under the window.
    for (let i = 1; i <= 5; i++) {
      ctx.fillStyle = i < step ? C.accent : i === step ? C.accent : C.line;
      const r = i === step ? 8 : 6;
      circle(width / 2 + (i - 3) * 30, 530 - 8, r);
      ctx.fill();
    }
  }

  // ---- Scenes (seconds; keep the captions' cue times in step) ------------------------------------
  const ROOM = { x: APP.x + 30, y: APP.y + 54, w: APP.w - 60, h: APP.h - 74 };

  function scene1(t) {
    // 0–7 s: the photo of an empty room is uploaded (up to 5 photos).
    chrome(1, t);
    const drop = { x: APP.x + 150, y: APP.y + 70, w: 360, h: 240 };
    ctx.setLineDash([10, 8]);
    ctx.strokeStyle = C.muted;
    ctx.lineWidth = 2;
    rr(drop.x, drop.y, drop.w, drop.h, 12);
    ctx.stroke();
    ctx.setLineDash([]);
    withAlpha(1 - seg(t, 2.2, 2.8), () =>
      arrow(drop.x + drop.w / 2, drop.y + drop.h / 2, 60, false, C.muted),
    );
    // The photo flies in from the right, as if dragged by the cursor.
    const p = seg(t, 0.6, 2.6);
    const px = lerp(width - 40, drop.x + 20, p);
    const py = lerp(height - 140, drop.y + 20, p);
    const pw = lerp(150, drop.w - 40, seg(t, 2.0, 3.0));
    const ph = pw * (2 / 3);
    ctx.save();
    ctx.fillStyle = '#fff';
    ctx.shadowColor = 'rgba(0,0,0,0.18)';
    ctx.shadowBlur = 12;
    rr(px - 6, py - 6, pw + 12, ph + 12, 10);
    ctx.fill();
    ctx.restore();
    room(px, py, pw, ph);
    if (t < 2.6) cursor(px + pw * 0.55, py + ph * 0.55, t > 0.6);
    // Progress bar, then a check.
    const bar = seg(t, 3.0, 4.8);
    const barY = drop.y + drop.h + 24;
    ctx.fillStyle = C.line;
    rr(drop.x, barY, drop.w, 10, 5);
    ctx.fill();
    ctx.fillStyle = C.accent;
    rr(drop.x, barY, Math.max(10, drop.w * bar), 10, 5);
    ctx.fill();
    check(drop.x + drop.w + 26, barY + 5, 16, seg(t, 4.8, 5.2));
    // Five photo slots: the first one fills up.
    for (let i = 0; i < 5; i++) {
      const sx = drop.x + i * 76;
      const sy = barY + 34;
      ctx.strokeStyle = C.line;
      ctx.lineWidth = 2;
      rr(sx, sy, 60, 40, 6);
      ctx.stroke();
      if (i === 0) withAlpha(seg(t, 5.0, 5.6), () => room(sx, sy, 60, 40));
      else {
        ctx.fillStyle = C.line;
        ctx.fillRect(sx + 27, sy + 12, 6, 16);
        ctx.fillRect(sx + 22, sy + 17, 16, 6);
      }
    }
  }

  function scene2(t) {
    // 7–14 s: the room type, then the style (swatches).
    chrome(2, t - 7);
    const local = t - 7;
    room(APP.x + 30, APP.y + 60, 250, 166);
    // Room types.
    const types = [0, 1, 2, 3].map((k, i) => ({ k, x: APP.x + 340 + i * 78, y: APP.y + 100 }));
    const pickedType = local > 2.1;
    types.forEach(({ k, x, y }) => {
      const on = pickedType && k === 0;
      ctx.fillStyle = on ? C.accentSoft : '#f5f2ee';
      rr(x - 32, y - 32, 64, 64, 12);
      ctx.fill();
      if (on) {
        ctx.strokeStyle = C.accent;
        ctx.lineWidth = 3;
        ctx.stroke();
      }
      roomIcon(k, x, y + 4, 40, on ? C.accent : C.muted);
    });
    // Styles: four palettes, the third is chosen.
    const swatches = STYLES.map((s, i) => ({ s, x: APP.x + 340 + i * 78, y: APP.y + 220 }));
    const pickedStyle = local > 4.6;
    swatches.forEach(({ s, x, y }, i) => {
      withAlpha(seg(local, 2.4 + i * 0.15, 2.9 + i * 0.15), () => {
        const on = pickedStyle && i === CHOSEN_STYLE;
        ctx.fillStyle = '#f5f2ee';
        rr(x - 32, y - 32, 64, 64, 12);
        ctx.fill();
        if (on) {
          ctx.strokeStyle = C.accent;
          ctx.lineWidth = 3;
          ctx.stroke();
        }
        [s.sofa, s.wood, s.accent].forEach((c, j) => {
          ctx.fillStyle = c;
          circle(x - 14 + j * 14, y, 13);
          ctx.fill();
          ctx.strokeStyle = '#fff';
          ctx.lineWidth = 2;
          ctx.stroke();
        });
        if (on) check(x + 26, y - 26, 11);
      });
    });
    // A preview of the chosen style's furniture over the small room.
    withAlpha(seg(local, 4.8, 5.6), () =>
      furniture(APP.x + 30, APP.y + 60, 250, 166, CHOSEN_STYLE, () => 0.55),
    );
    // The "go" button.
    const go = { x: APP.x + 340 + 117, y: APP.y + 330 };
    withAlpha(seg(local, 5.0, 5.4), () => {
      ctx.fillStyle = local > 6.2 ? '#8f3f20' : C.accent;
      rr(go.x - 70, go.y - 24, 140, 48, 24);
      ctx.fill();
      sparkle(go.x, go.y, 16, '#fff');
    });
    const [cx, cy] = path(local, [
      [0, 700, 480],
      [1.8, types[0].x, types[0].y],
      [3.6, types[0].x, types[0].y],
      [4.4, swatches[CHOSEN_STYLE].x, swatches[CHOSEN_STYLE].y],
      [5.2, swatches[CHOSEN_STYLE].x, swatches[CHOSEN_STYLE].y],
      [6.0, go.x, go.y],
    ]);
    const pressed = (local > 1.9 && local < 2.4) || (local > 4.4 && local < 4.9) || local > 6.1;
    cursor(cx, cy, pressed);
  }

  function scene3(t) {
    // 14–20 s: the AI decorates (sparkles, furniture fades in); 20–26 s: before/after slider.
    const local = t - 14;
    chrome(3, local);
    room(ROOM.x, ROOM.y, ROOM.w, ROOM.h);
    const order = [0, 2, 1, 3, 4, 5];
    const appear = (i) =>
      local < 6 ? seg(local, 0.8 + order.indexOf(i) * 0.75, 1.8 + order.indexOf(i) * 0.75) : 1;
    if (local < 6) {
      furniture(ROOM.x, ROOM.y, ROOM.w, ROOM.h, CHOSEN_STYLE, appear);
      // Sparkles sweeping across while it works.
      withAlpha(fade(local, 0.2, 5.8, 0.6), () => {
        for (let i = 0; i < 9; i++) {
          const ph = local * 1.3 + i * 0.7;
          const sx = ROOM.x + ((ph * 97 + i * 61) % ROOM.w);
          const sy = ROOM.y + 30 + ((i * 53 + Math.sin(ph) * 40 + 400) % (ROOM.h - 60));
          sparkle(sx, sy, 8 + 6 * Math.abs(Math.sin(ph * 2)));
        }
      });
      // A working ring, top right.
      withAlpha(1 - seg(local, 5.2, 5.8), () => {
        ctx.strokeStyle = C.line;
        ctx.lineWidth = 6;
        circle(APP.x + APP.w - 40, APP.y + 90, 18);
        ctx.stroke();
        ctx.strokeStyle = C.accent;
        ctx.beginPath();
        ctx.arc(
          APP.x + APP.w - 40,
          APP.y + 90,
          18,
          -Math.PI / 2,
          -Math.PI / 2 + Math.PI * 2 * seg(local, 0.2, 5.2),
        );
        ctx.stroke();
      });
      return;
    }
    // Before/after: the left of the handle shows the empty room, the right the decorated one.
    const pos = path(local, [
      [6.3, 0.5, 0],
      [7.6, 0.85, 0],
      [9.2, 0.15, 0],
      [10.6, 0.65, 0],
      [12, 0.5, 0],
    ])[0];
    const split = ROOM.x + ROOM.w * pos;
    ctx.save();
    ctx.beginPath();
    ctx.rect(split, ROOM.y, ROOM.x + ROOM.w - split, ROOM.h);
    ctx.clip();
    furniture(ROOM.x, ROOM.y, ROOM.w, ROOM.h, CHOSEN_STYLE, () => 1);
    ctx.restore();
    ctx.fillStyle = '#fff';
    ctx.fillRect(split - 2, ROOM.y, 4, ROOM.h);
    circle(split, ROOM.y + ROOM.h / 2, 22);
    ctx.fill();
    ctx.strokeStyle = C.ink;
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.fillStyle = C.ink;
    const hy = ROOM.y + ROOM.h / 2;
    poly([
      [split - 6, hy - 8],
      [split - 14, hy],
      [split - 6, hy + 8],
    ]);
    ctx.fill();
    poly([
      [split + 6, hy - 8],
      [split + 14, hy],
      [split + 6, hy + 8],
    ]);
    ctx.fill();
    cursor(split + 4, hy + 6, local > 6.3 && local < 11.8);
  }

  function scene4(t) {
    // 26–33 s: supervised review: a decorator touches up a detail with a brush and approves it.
    const local = t - 26;
    chrome(4, local);
    room(ROOM.x, ROOM.y, ROOM.w, ROOM.h);
    furniture(ROOM.x, ROOM.y, ROOM.w, ROOM.h, CHOSEN_STYLE, () => 1);
    // The flaw: a stain on the back wall, cleaned stroke by stroke.
    const spot = { x: ROOM.x + ROOM.w * 0.47, y: ROOM.y + ROOM.h * 0.2 };
    const clean = seg(local, 2.0, 4.6);
    withAlpha(1 - clean, () => {
      ctx.fillStyle = '#9b8f7f';
      ctx.beginPath();
      ctx.ellipse(spot.x, spot.y, 30, 18, 0.4, 0, Math.PI * 2);
      ctx.fill();
      ctx.beginPath();
      ctx.ellipse(spot.x + 22, spot.y + 14, 12, 8, -0.3, 0, Math.PI * 2);
      ctx.fill();
    });
    // A magnifier ring around it.
    withAlpha(fade(local, 0.8, 5.2, 0.4), () => {
      ctx.strokeStyle = C.accent;
      ctx.lineWidth = 4;
      ctx.setLineDash([8, 6]);
      circle(spot.x + 6, spot.y + 4, 52);
      ctx.stroke();
      ctx.setLineDash([]);
    });
    // The decorator, bottom right of the window.
    withAlpha(seg(local, 0.2, 0.8), () => {
      const dx = APP.x + APP.w - 60;
      const dy = APP.y + APP.h - 70;
      ctx.fillStyle = '#fff';
      circle(dx, dy, 42);
      ctx.fill();
      ctx.strokeStyle = C.accent;
      ctx.lineWidth = 4;
      ctx.stroke();
      ctx.save();
      circle(dx, dy, 40);
      ctx.clip();
      person(dx, dy + 6, 70, '#6b5a4e');
      ctx.restore();
    });
    // The brush strokes back and forth while cleaning.
    const wiggle = local > 2 && local < 4.6 ? Math.sin(local * 14) * 26 : 0;
    const [bx, by] = path(local, [
      [1.0, APP.x + APP.w - 60, APP.y + APP.h - 130],
      [2.0, spot.x, spot.y],
      [4.6, spot.x + 10, spot.y + 6],
      [5.4, APP.x + APP.w - 90, APP.y + 120],
    ]);
    withAlpha(fade(local, 0.9, 5.6, 0.3), () => brush(bx + wiggle, by + Math.abs(wiggle) * 0.3, 60));
    // Approved.
    const stamp = seg(local, 5.2, 5.7);
    if (stamp > 0) {
      ctx.save();
      ctx.translate(APP.x + APP.w - 60, APP.y + 100);
      ctx.scale(0.6 + 0.4 * stamp, 0.6 + 0.4 * stamp);
      check(0, 0, 34, stamp);
      ctx.restore();
    }
  }

  function scene5(t) {
    // 33–40 s: download, then share.
    const local = t - 33;
    chrome(5, local);
    const k = lerp(1, 0.62, seg(local, 0, 1));
    const w = ROOM.w * k;
    const h = ROOM.h * k;
    const x = APP.x + 40;
    const y = APP.y + 60;
    room(x, y, w, h);
    furniture(x, y, w, h, CHOSEN_STYLE, () => 1);
    const bxs = APP.x + APP.w - 110;
    // Download button.
    const dl = { x: bxs, y: APP.y + 130 };
    const share = { x: bxs, y: APP.y + 260 };
    withAlpha(seg(local, 0.8, 1.2), () => {
      [dl, share].forEach(({ x: cx, y: cy }, i) => {
        ctx.fillStyle =
          (i === 0 && local > 2.2 && local < 2.6) || (i === 1 && local > 4.6 && local < 5.0)
            ? '#8f3f20'
            : C.accent;
        circle(cx, cy, 38);
        ctx.fill();
      });
      arrow(dl.x, dl.y - 4, 34, true, '#fff');
      ctx.fillStyle = '#fff';
      ctx.fillRect(dl.x - 14, dl.y + 16, 28, 4);
      // Share: three linked nodes.
      const n = [
        [share.x + 12, share.y - 14],
        [share.x - 14, share.y],
        [share.x + 12, share.y + 14],
      ];
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(...n[0]);
      ctx.lineTo(...n[1]);
      ctx.lineTo(...n[2]);
      ctx.stroke();
      ctx.fillStyle = '#fff';
      n.forEach(([nx, ny]) => {
        circle(nx, ny, 6);
        ctx.fill();
      });
    });
    // After download: a copy drops into a tray with a check.
    const drop = seg(local, 2.5, 3.5);
    if (local > 2.5) {
      const tx = dl.x - 160;
      const ty = APP.y + 60 + lerp(0, 150, drop);
      withAlpha(1 - seg(local, 3.8, 4.2), () => {
        room(tx, ty, 90, 60);
        furniture(tx, ty, 90, 60, CHOSEN_STYLE, () => 1);
      });
      check(dl.x + 34, dl.y - 30, 13, seg(local, 3.4, 3.8));
    }
    // After share: copies fly to a phone and a laptop.
    if (local > 4.8) {
      const fly = seg(local, 4.9, 6.0);
      const phone = { x: APP.x + 150, y: APP.y + APP.h - 70 };
      const laptop = { x: APP.x + 330, y: APP.y + APP.h - 70 };
      ctx.fillStyle = C.ink;
      withAlpha(seg(local, 4.8, 5.2), () => {
        rr(phone.x - 26, phone.y - 44, 52, 88, 10);
        ctx.fill();
        rr(laptop.x - 60, laptop.y - 36, 120, 70, 6);
        ctx.fill();
        ctx.fillRect(laptop.x - 76, laptop.y + 34, 152, 8);
      });
      [
        [phone, 40, 68, 0],
        [laptop, 108, 58, 6],
      ].forEach(([dev, ww, hh, lift]) => {
        const fx = lerp(share.x, dev.x, fly);
        const fy = lerp(share.y, dev.y - lift, fly);
        const fw = lerp(30, ww, fly);
        const fh = lerp(20, hh, fly);
        room(fx - fw / 2, fy - fh / 2, fw, fh);
        furniture(fx - fw / 2, fy - fh / 2, fw, fh, CHOSEN_STYLE, () => 1);
      });
    }
    const [cx, cy] = path(local, [
      [0.8, 620, 470],
      [2.0, dl.x + 6, dl.y + 8],
      [3.8, dl.x + 6, dl.y + 8],
      [4.5, share.x + 6, share.y + 8],
    ]);
    cursor(cx, cy, (local > 2.2 && local < 2.6) || (local > 4.6 && local < 5.0));
  }

  function ending(t) {
    // 40–43 s: the five steps at a glance and the brand.
    const local = t - 40;
    ctx.fillStyle = C.bg;
    ctx.fillRect(0, 0, width, height);
    const a = seg(local, 0, 0.6);
    withAlpha(a, () => {
      for (let i = 1; i <= 5; i++) {
        const x = width / 2 + (i - 3) * 120;
        ctx.fillStyle = C.accent;
        circle(x, 200, 34);
        ctx.fill();
        ctx.fillStyle = '#fff';
        ctx.font = 'bold 36px sans-serif';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(String(i), x, 202);
        if (i < 5) {
          ctx.fillStyle = C.line;
          ctx.fillRect(x + 40, 198, 40, 4);
        }
      }
      ctx.fillStyle = C.ink;
      ctx.font = 'bold 64px serif';
      ctx.textAlign = 'center';
      ctx.fillText('Estancia', width / 2, 330);
      sparkle(width / 2 + 150, 300, 16);
    });
  }

  function render(t) {
    ctx.save();
    if (t < 7) scene1(t);
    else if (t < 14) scene2(t);
    else if (t < 26) scene3(t);
    else if (t < 33) scene4(t);
    else if (t < 40) scene5(t);
    else ending(t);
    // Short fade through the background between scenes.
    const cuts = [7, 14, 26, 33, 40];
    const nearest = Math.min(...cuts.map((c) => Math.abs(t - c)));
    if (nearest < 0.25) {
      ctx.fillStyle = C.bg;
      ctx.globalAlpha = 1 - nearest / 0.25;
      ctx.fillRect(0, 0, width, height);
    }
    ctx.restore();
  }

  // ---- Record --------------------------------------------------------------------------------
  const mimeType = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8'].find((m) =>
    MediaRecorder.isTypeSupported(m),
  );
  if (!mimeType) throw new Error('This Chromium cannot record WebM.');
  const stream = canvas.captureStream(fps);
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: bitsPerSecond });
  const chunks = [];
  recorder.ondataavailable = (event) => event.data.size && chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  for (let t = 0; t <= seconds; t += 0.1) render(t); // fail fast on a drawing error
  render(0);
  recorder.start(1000);
  const t0 = performance.now();
  let frames = 0;
  await new Promise((resolve, reject) => {
    const tick = () => {
      const t = (performance.now() - t0) / 1000;
      try {
        render(Math.min(t, seconds));
      } catch (error) {
        reject(error);
        return;
      }
      frames++;
      if (t < seconds) requestAnimationFrame(tick);
      else resolve();
    };
    requestAnimationFrame(tick);
  });
  recorder.stop();
  await stopped;
  const durationMs = performance.now() - t0;
  const blob = new Blob(chunks, { type: 'video/webm' });
  const video = await new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1]);
    reader.readAsDataURL(blob);
  });
  render(posterAt);
  const poster = canvas.toDataURL('image/jpeg', 0.85).split(',')[1];
  return { video, poster, mimeType, durationMs, frames };
}

// ---- WebM: add the Segment's duration that MediaRecorder leaves out -------------------------------

/** An EBML variable-size integer at `pos`: its length and value (marker bit removed). */
function readVint(buf, pos) {
  const first = buf[pos];
  let len = 1;
  while (len <= 8 && !(first & (0x80 >> (len - 1)))) len++;
  let value = first & (0xff >> len);
  for (let i = 1; i < len; i++) value = value * 256 + buf[pos + i];
  const unknown = value === 2 ** (7 * len) - 1;
  return { len, value, unknown };
}
function readId(buf, pos) {
  const { len } = readVint(buf, pos);
  return { len, id: buf.readUIntBE(pos, len) };
}
/** An 8-byte EBML size. */
function size8(value) {
  const out = Buffer.alloc(8);
  out[0] = 0x01;
  out.writeUIntBE(Math.floor(value / 2 ** 32), 1, 3);
  out.writeUInt32BE(value % 2 ** 32, 4);
  return out;
}

function withDuration(webm, durationMs) {
  const ids = { ebml: 0x1a45dfa3, segment: 0x18538067, info: 0x1549a966, scale: 0x2ad7b1, duration: 0x4489 };
  let pos = 0;
  const header = readId(webm, pos);
  if (header.id !== ids.ebml) throw new Error('Not a WebM file.');
  const headerSize = readVint(webm, pos + header.len);
  pos += header.len + headerSize.len + headerSize.value;
  const segment = readId(webm, pos);
  if (segment.id !== ids.segment) throw new Error('No Segment after the EBML header.');
  const segmentSize = readVint(webm, pos + segment.len);
  const segmentSizeAt = pos + segment.len;
  let child = segmentSizeAt + segmentSize.len;
  for (;;) {
    if (child >= webm.length) throw new Error('No Segment Info in the WebM.');
    const el = readId(webm, child);
    const size = readVint(webm, child + el.len);
    if (el.id !== ids.info) {
      child += el.len + size.len + size.value;
      continue;
    }
    const bodyStart = child + el.len + size.len;
    const bodyEnd = bodyStart + size.value;
    let scale = 1_000_000;
    for (let p = bodyStart; p < bodyEnd;) {
      const sub = readId(webm, p);
      const subSize = readVint(webm, p + sub.len);
      const data = p + sub.len + subSize.len;
      if (sub.id === ids.duration) return webm; // already there
      if (sub.id === ids.scale) scale = webm.readUIntBE(data, subSize.value);
      p = data + subSize.value;
    }
    const duration = Buffer.alloc(11);
    duration.writeUInt16BE(ids.duration, 0);
    duration[2] = 0x88; // size 8
    duration.writeDoubleBE((durationMs * 1e6) / scale, 3);
    const info = Buffer.concat([
      webm.subarray(child, child + el.len),
      size8(size.value + duration.length),
      webm.subarray(bodyStart, bodyEnd),
      duration,
    ]);
    const grown = info.length - (bodyEnd - child);
    const segSize = segmentSize.unknown
      ? webm.subarray(segmentSizeAt, segmentSizeAt + segmentSize.len)
      : size8(segmentSize.value + grown);
    return Buffer.concat([
      webm.subarray(0, segmentSizeAt),
      segSize,
      webm.subarray(segmentSizeAt + segmentSize.len, child),
      info,
      webm.subarray(bodyEnd),
    ]);
  }
}

// ---- Main ----------------------------------------------------------------------------------------

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: SETTINGS.width, height: SETTINGS.height } });
  await page.goto('about:blank');
  console.log(`Recording ${SETTINGS.seconds} s of tutorial in real time…`);
  const result = await page.evaluate(record, SETTINGS);
  const webm = withDuration(Buffer.from(result.video, 'base64'), result.durationMs);
  mkdirSync(OUT, { recursive: true });
  const videoFile = join(OUT, 'tutorial.webm');
  const posterFile = join(OUT, 'tutorial-poster.jpg');
  writeFileSync(videoFile, webm);
  writeFileSync(posterFile, Buffer.from(result.poster, 'base64'));

  // Check that Chromium plays it back and knows its length.
  const check = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const video = document.createElement('video');
    video.muted = true;
    video.src = URL.createObjectURL(new Blob([bytes], { type: 'video/webm' }));
    await new Promise((resolve, reject) => {
      video.onloadedmetadata = resolve;
      video.onerror = () => reject(new Error(`The recorded video does not load: ${video.error?.message}`));
    });
    return { duration: video.duration, width: video.videoWidth, height: video.videoHeight };
  }, webm.toString('base64'));
  const kb = (file) => `${Math.round(statSync(file).size / 1024)} KB`;
  console.log(
    `${relative(ROOT, videoFile)}: ${result.mimeType}, ${check.width}×${check.height}, ` +
      `${check.duration.toFixed(1)} s, ${kb(videoFile)} (${result.frames} frames drawn)`,
  );
  console.log(`${relative(ROOT, posterFile)}: ${kb(posterFile)}`);
} finally {
  await browser.close();
}
