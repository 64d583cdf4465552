import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clearDependents,
  emptyGroupAddress,
  emptyGroupContact,
  flagsClearedByEditing,
  resolveSameAs,
  tickSameAs,
  type Block,
  type GroupAddressForm,
  type GroupContactForm,
  type SameAsFlag,
  type SameAsState,
} from '../../domain/groups';

type State = SameAsState<GroupAddressForm, GroupContactForm>;

const BA = 'isBillingAddressSameAsAddress';
const PA = 'isPayingAddressSameAsBillingAddress';
const BC = 'isBillingContactSameAsContact';
const PC = 'isPayingContactSameAsBillingContact';
/** The flags in the order of the table's bit strings. */
const FLAGS = [BA, PA, BC, PC] as const satisfies readonly SameAsFlag[];
const BLOCKS = ['address', 'billingAddress', 'payingAddress', 'contact', 'billingContact', 'payingContact'] as const satisfies readonly Block[];

/** Spec 2 §4: each block's dependants, nearest first (written out here, not read from the domain). */
const CHAIN_BELOW: Record<Block, SameAsFlag[]> = {
  address: [BA, PA],
  billingAddress: [PA],
  payingAddress: [],
  contact: [BC, PC],
  billingContact: [PC],
  payingContact: [],
};
/** Each child block, its parent, and the flag that links them. */
const LINKS = [
  ['billingAddress', 'address', BA],
  ['payingAddress', 'billingAddress', PA],
  ['billingContact', 'contact', BC],
  ['payingContact', 'billingContact', PC],
] as const;

const flagsOf = (bits: string): Record<SameAsFlag, boolean> => Object.fromEntries(FLAGS.map((f, i) => [f, bits[i] === '1'])) as Record<SameAsFlag, boolean>;

const addr = (tag: string): GroupAddressForm => ({ number: `${tag} 1`, address1: `${tag} Street`, address2: `${tag} Locality`, address3: `${tag} Town`, county: `${tag} County`, postcode: `${tag} PC` });
const person = (tag: string): GroupContactForm => ({ title: 'Mx', firstName: tag, lastName: `${tag} Last`, contactNumber1: '01171234567', faxNumber: '', email: `${tag.toLowerCase()}@harbour.example` });
/** Six different blocks and the given flags. */
function state(bits: string): State {
  return {
    address: addr('Head'),
    billingAddress: addr('Billing'),
    payingAddress: addr('Paying'),
    contact: person('Contact'),
    billingContact: person('BillingContact'),
    payingContact: person('PayingContact'),
    ...flagsOf(bits),
  };
}

describe('flagsClearedByEditing (spec 2 §4): editing a block un-ticks its ticked dependants down the chain', () => {
  /** Flags as bits [BA PA BC PC]; then what editing each block clears, in the order of BLOCKS. */
  const TABLE: [string, SameAsFlag[], SameAsFlag[], SameAsFlag[], SameAsFlag[], SameAsFlag[], SameAsFlag[]][] = [
    // bits    address   billingAddress payingAddress contact   billingContact payingContact
    ['0000', [], [], [], [], [], []],
    ['1000', [BA], [], [], [], [], []],
    ['0100', [], [PA], [], [], [], []],
    ['1100', [BA, PA], [PA], [], [], [], []],
    ['0010', [], [], [], [BC], [], []],
    ['1010', [BA], [], [], [BC], [], []],
    ['0110', [], [PA], [], [BC], [], []],
    ['1110', [BA, PA], [PA], [], [BC], [], []],
    ['0001', [], [], [], [], [PC], []],
    ['1001', [BA], [], [], [], [PC], []],
    ['0101', [], [PA], [], [], [PC], []],
    ['1101', [BA, PA], [PA], [], [], [PC], []],
    ['0011', [], [], [], [BC, PC], [PC], []],
    ['1011', [BA], [], [], [BC, PC], [PC], []],
    ['0111', [], [PA], [], [BC, PC], [PC], []],
    ['1111', [BA, PA], [PA], [], [BC, PC], [PC], []],
  ];

  it('the table lists all 16 combinations once', () => {
    expect(new Set(TABLE.map(([bits]) => bits)).size).toBe(16);
  });

  it.each(TABLE.flatMap(([bits, ...cleared]) => BLOCKS.map((block, i) => [bits, block, cleared[i]] as const)))('flags %s, editing %s clears %j', (bits, block, cleared) => {
    expect(flagsClearedByEditing(flagsOf(bits), block)).toEqual(cleared);
  });

  it('reads only the flags (works on a whole state too) and does not change them', () => {
    const s = state('1111');
    expect(flagsClearedByEditing(s, 'address')).toEqual([BA, PA]);
    expect(s).toEqual(state('1111'));
  });
});

describe("clearDependents (spec 2 §4 'clears and un-ticks'): editing a block empties and un-ticks its ticked dependants", () => {
  const EMPTY = { address: emptyGroupAddress, contact: emptyGroupContact };
  it('empties every block whose flag it un-ticks, and nothing else', () => {
    expect(clearDependents(state('1111'), 'address', EMPTY)).toEqual({ [BA]: false, billingAddress: emptyGroupAddress(), [PA]: false, payingAddress: emptyGroupAddress() });
    expect(clearDependents(state('1111'), 'billingContact', EMPTY)).toEqual({ [PC]: false, payingContact: emptyGroupContact() });
    // A block typed by hand (its flag un-ticked) stops the chain: it and what follows keep their values.
    expect(clearDependents(state('0111'), 'address', EMPTY)).toEqual({});
    expect(clearDependents(state('1111'), 'payingContact', EMPTY)).toEqual({});
  });
});

describe('tickSameAs (spec 2 §4): ticking copies the parent into the child, and on down the chain while the next flag is ticked', () => {
  /** Flags before, the flag ticked, and what the patch copies: child block → the block it is a copy of. */
  const TICKS: [string, SameAsFlag, Partial<Record<Block, Block>>][] = [
    ['0000', BA, { billingAddress: 'address' }],
    ['0100', BA, { billingAddress: 'address', payingAddress: 'address' }],
    ['0011', BA, { billingAddress: 'address' }],
    ['0000', PA, { payingAddress: 'billingAddress' }],
    ['1000', PA, { payingAddress: 'billingAddress' }],
    ['0000', BC, { billingContact: 'contact' }],
    ['0001', BC, { billingContact: 'contact', payingContact: 'contact' }],
    ['1100', BC, { billingContact: 'contact' }],
    ['0000', PC, { payingContact: 'billingContact' }],
    ['0010', PC, { payingContact: 'billingContact' }],
    // Ticking a flag already ticked copies again.
    ['1111', BA, { billingAddress: 'address', payingAddress: 'address' }],
    ['1111', PC, { payingContact: 'billingContact' }],
  ];

  it.each(TICKS)('flags %s, ticking %s copies %j', (bits, flag, copies) => {
    const before = state(bits);
    const patch = tickSameAs(before, flag, true);
    const expected: Record<string, unknown> = { [flag]: true };
    for (const [child, source] of Object.entries(copies)) expected[child] = before[source as Block];
    expect(patch).toEqual(expected);
    // The copies are new objects: editing them later does not reach the parent.
    for (const child of Object.keys(copies)) expect(patch[child as Block]).not.toBe(before[copies[child as Block]!]);
    expect(before).toEqual(state(bits));
  });

  it.each(FLAGS.flatMap((flag) => ['0000', '1111', '1010', '0101'].map((bits) => [flag, bits] as const)))('un-ticking %s (flags %s) changes only that flag', (flag, bits) => {
    const before = state(bits);
    expect(tickSameAs(before, flag, false)).toEqual({ [flag]: false });
    expect(before).toEqual(state(bits));
  });

  it('applied, the patch leaves the child equal to its parent and the flag ticked', () => {
    const s = state('0100');
    const next = { ...s, ...tickSameAs(s, BA, true) };
    expect(next).toEqual({ ...s, [BA]: true, billingAddress: s.address, payingAddress: s.address });
  });
});

describe('resolveSameAs: each ticked child is stored as its parent’s copy', () => {
  it.each([
    ['0000', {}],
    ['1000', { billingAddress: 'address' }],
    ['0100', { payingAddress: 'billingAddress' }],
    ['1100', { billingAddress: 'address', payingAddress: 'address' }],
    ['0011', { billingContact: 'contact', payingContact: 'contact' }],
    ['0001', { payingContact: 'billingContact' }],
    ['1111', { billingAddress: 'address', payingAddress: 'address', billingContact: 'contact', payingContact: 'contact' }],
  ] as const)('flags %s: %j', (bits, copies) => {
    const before = state(bits);
    const expected: State = { ...before };
    for (const [child, source] of Object.entries(copies)) (expected as Record<string, unknown>)[child] = before[source as Block];
    expect(resolveSameAs(before)).toEqual(expected);
    expect(before).toEqual(state(bits));
  });

  it('keeps the other fields of the state it is given', () => {
    const withMore = { ...state('1111'), groupId: 'HMG-001', status: 'live' as const };
    expect(resolveSameAs(withMore)).toMatchObject({ groupId: 'HMG-001', status: 'live' });
  });
});

describe('"same as" properties', () => {
  const text = fc.string({ maxLength: 6 });
  const address = fc.record({ number: text, address1: text, address2: text, address3: text, county: text, postcode: text });
  const contact = fc.record({ title: text, firstName: text, lastName: text, contactNumber1: text, faxNumber: text, email: text });
  const flags = fc.record({ [BA]: fc.boolean(), [PA]: fc.boolean(), [BC]: fc.boolean(), [PC]: fc.boolean() }) as fc.Arbitrary<Record<SameAsFlag, boolean>>;
  const anyState: fc.Arbitrary<State> = fc
    .record({ address, billingAddress: address, payingAddress: address, contact, billingContact: contact, payingContact: contact, flags })
    .map(({ flags: f, ...blocks }) => ({ ...blocks, ...f }));
  const block = fc.constantFrom(...BLOCKS);
  const flag = fc.constantFrom(...FLAGS);

  /** Every ticked child equals its parent. */
  const consistent = (s: State) => LINKS.every(([child, parent, f]) => !s[f] || JSON.stringify(s[child]) === JSON.stringify(s[parent]));

  it('for any flags and any block edited, the cleared flags are exactly the ticked prefix of the chain below that block', () => {
    fc.assert(
      fc.property(flags, block, (f, b) => {
        const chain = CHAIN_BELOW[b];
        const firstUnticked = chain.findIndex((x) => !f[x]);
        expect(flagsClearedByEditing(f, b)).toEqual(firstUnticked < 0 ? chain : chain.slice(0, firstUnticked));
      }),
      { numRuns: 500 },
    );
  });

  it('after resolveSameAs every ticked child equals its parent, un-ticked children and the head blocks are unchanged, and it is idempotent', () => {
    fc.assert(
      fc.property(anyState, (s) => {
        const copy = structuredClone(s);
        const r = resolveSameAs(s);
        expect(s).toEqual(copy);
        for (const [child, parent, f] of LINKS) {
          if (r[f]) expect(r[child]).toEqual(r[parent]);
          else expect(r[child]).toEqual(s[child]);
        }
        expect(r.address).toEqual(s.address);
        expect(r.contact).toEqual(s.contact);
        for (const f of FLAGS) expect(r[f]).toBe(s[f]);
        expect(resolveSameAs(r)).toEqual(r);
      }),
      { numRuns: 500 },
    );
  });

  it('from a consistent state, ticking or un-ticking any flag, or editing any block and un-ticking what flagsClearedByEditing names, keeps it consistent', () => {
    fc.assert(
      fc.property(anyState, flag, fc.boolean(), block, text, (raw, f, on, b, typed) => {
        const s = resolveSameAs(raw);
        expect(consistent(s)).toBe(true);

        const ticked = { ...s, ...tickSameAs(s, f, on) } as State;
        expect(ticked[f]).toBe(on);
        expect(consistent(ticked)).toBe(true);
        expect(resolveSameAs(ticked)).toEqual(ticked);

        // Edit one field of block b (its first field), as the user types into it; a ticked child's inputs are disabled.
        if (LINKS.some(([child, , link]) => child === b && s[link])) return;
        const field = Object.keys(s[b])[0];
        const edited = { ...s, [b]: { ...s[b], [field]: `${(s[b] as unknown as Record<string, string>)[field]}${typed}!` } } as State;
        for (const c of flagsClearedByEditing(s, b)) edited[c] = false;
        expect(consistent(edited)).toBe(true);
        // Nothing else is un-ticked.
        for (const x of FLAGS) if (!CHAIN_BELOW[b].includes(x)) expect(edited[x]).toBe(s[x]);
      }),
      { numRuns: 500 },
    );
  });
});
