import { assertAmount, toLedgerEntry } from './wallet.service';

describe('wallet rules', () => {
  it('accepts only whole positive credit amounts', () => {
    for (const ok of [1, 5, 1000]) expect(() => assertAmount(ok)).not.toThrow();
    for (const bad of [0, -3, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(() => assertAmount(bad)).toThrow(RangeError);
  });

  it('maps a ledger row to the contract entry', () => {
    const createdAt = new Date('2025-01-02T03:04:05.000Z');
    expect(
      toLedgerEntry({
        id: 'e1',
        user_id: 'u1',
        delta: -2,
        balance_after: 3,
        reason: 'decoration',
        idempotency_key: 'k',
        created_at: createdAt,
      }),
    ).toEqual({
      id: 'e1',
      userId: 'u1',
      delta: -2,
      balanceAfter: 3,
      reason: 'decoration',
      idempotencyKey: 'k',
      createdAt: '2025-01-02T03:04:05.000Z',
    });
  });
});
