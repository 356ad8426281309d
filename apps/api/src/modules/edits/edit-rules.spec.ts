import type { EditDocument, UserPlanRights } from '@estancia/contracts';
import { NO_PLAN_RIGHTS } from '../billing/plan-rights.service';
import { documentProblems, editsLeft, editTools, usesLockedTools } from './edit-rules';

const PRO: UserPlanRights = {
  ...NO_PLAN_RIGHTS,
  planCode: 'PRO',
  watermark: false,
  extraEditOptions: true,
  unlimitedEditing: true,
};
const doc = (layers: EditDocument['layers'], watermark = false): EditDocument => ({
  schemaVersion: 1,
  baseVersionId: '00000000-0000-4000-8000-000000000000',
  layers,
  watermark,
});
const square = { kind: 'polygon' as const, points: [0, 0, 1, 0, 1, 1], erase: false };

describe('edit rules', () => {
  it('locks the extra tools and the watermark toggle without a plan, like STARTER', () => {
    expect(editTools(NO_PLAN_RIGHTS)).toEqual({
      // The heal brush is a fix every plan needs, like the corrector.
      tools: ['wall', 'floor', 'brush', 'eraser', 'heal'],
      lockedTools: ['select', 'lasso', 'ai_decoration', 'reform', 'watermark'],
    });
    expect(editTools(PRO).lockedTools).toEqual([]);
    expect(editTools('staff').lockedTools).toEqual([]);
  });

  it('counts edits left only without unlimited editing', () => {
    expect(editsLeft(NO_PLAN_RIGHTS, 0)).toBe(3);
    expect(editsLeft(NO_PLAN_RIGHTS, 5)).toBe(0);
    expect(editsLeft(PRO, 5)).toBeNull();
    expect(editsLeft('staff', 0)).toBeNull();
  });

  it('flags ai layers, selection masks and the watermark toggle as plan features', () => {
    const ai = doc([{ id: 'a', type: 'ai', mode: 'reform', seed: 1, area: [square] }]);
    const mask = doc([
      {
        id: 'm',
        type: 'correction',
        area: [{ kind: 'mask', width: 1, height: 1, runs: [0, 1], erase: false }],
      },
    ]);
    for (const document of [ai, mask, doc([], true)]) {
      expect(usesLockedTools(document, NO_PLAN_RIGHTS)).toBe(true);
      expect(usesLockedTools(document, PRO)).toBe(false);
      expect(usesLockedTools(document, 'staff')).toBe(false);
    }
    expect(usesLockedTools(doc([{ id: 'c', type: 'correction', area: [square] }]), NO_PLAN_RIGHTS)).toBe(
      false,
    );
    // A wall refined to its surface cuts what stands in front with a mask: part of the wall tool, in every
    // plan; the same mask on a wall that was not refined is a selection.
    const cut = { kind: 'mask' as const, width: 2, height: 1, runs: [0, 1, 1], erase: true };
    const wall = {
      id: 'w',
      type: 'paint' as const,
      surface: 'wall' as const,
      productId: 'p',
      area: [square, cut],
    };
    expect(usesLockedTools(doc([{ ...wall, tolerance: 0.5 }]), NO_PLAN_RIGHTS)).toBe(false);
    expect(usesLockedTools(doc([wall]), NO_PLAN_RIGHTS)).toBe(true);
    expect(
      usesLockedTools(doc([{ ...wall, tolerance: 0.5, area: [square, square, cut] }]), NO_PLAN_RIGHTS),
    ).toBe(true);
  });

  it('names the fields of unknown or mismatched products and masks that do not fill their grid', () => {
    const products = new Map([
      ['paint-sage-green', { type: 'wall_paint' as const }],
      ['floor-white-marble', { type: 'floor' as const }],
    ]);
    const document = doc([
      { id: '1', type: 'paint', surface: 'wall', productId: 'paint-sage-green', area: [square] },
      { id: '2', type: 'paint', surface: 'wall', productId: 'floor-white-marble', area: [square] },
      { id: '3', type: 'paint', surface: 'floor', productId: 'nope', area: [square] },
      {
        id: '4',
        type: 'correction',
        area: [square, { kind: 'mask', width: 2, height: 2, runs: [1, 2], erase: false }],
      },
    ]);
    expect(documentProblems(document, products)).toEqual({
      'document.layers.1.productId': 'invalid',
      'document.layers.2.productId': 'invalid',
      'document.layers.3.area.1.runs': 'invalid',
    });
  });

  it('takes a heal layer on every plan, and refuses one that copies from where it paints', () => {
    const heal = (dx: number, dy: number): EditDocument['layers'][number] => ({
      id: 'h',
      type: 'heal',
      area: [{ kind: 'stroke', points: [0.5, 0.5], size: 0.02, hardness: 0.8, erase: false }],
      source: { dx, dy },
    });
    expect(usesLockedTools(doc([heal(0.1, 0)]), NO_PLAN_RIGHTS)).toBe(false);
    expect(documentProblems(doc([heal(0.1, -0.02)]), new Map())).toEqual({});
    expect(documentProblems(doc([heal(0, 0)]), new Map())).toEqual({ 'document.layers.0.source': 'invalid' });
  });
});
