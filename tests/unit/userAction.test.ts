import { describe, expect, it, vi } from 'vitest';
import { isIdempotencyKey } from '../../domain/idempotency';
import { ActionGate, newIdempotencyKey, UserAction } from '../../dataProvider/userAction';
import { createDataProvider } from '../../dataProvider';
import type { DataIo } from '../../dataProvider/routing';

describe('newIdempotencyKey', () => {
  it('makes UUIDs the server accepts, a new one each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(isIdempotencyKey(key)).toBe(true);
  });
});

describe('UserAction', () => {
  it('gives a request sent again in a later attempt its key again, and a changed request a new key', () => {
    const action = new UserAction();
    action.begin();
    const first = action.keyFor('admin/saveGroup', { name: 'A', n: 1 });
    action.begin();
    // Members in another order are the same request.
    expect(action.keyFor('admin/saveGroup', { n: 1, name: 'A' })).toBe(first);
    action.begin();
    const edited = action.keyFor('admin/saveGroup', { name: 'B', n: 1 });
    expect(edited).not.toBe(first);
    action.begin();
    // Back to the first values is a new edit too: a new key.
    expect(action.keyFor('admin/saveGroup', { name: 'A', n: 1 })).not.toBe(first);
  });

  it('keys each call of an attempt by its slug and its place, so two writes of one action have two keys', () => {
    const action = new UserAction();
    action.begin();
    const upload = action.keyFor('files/upload', { a: 1 });
    const attach = action.keyFor('documents/add', { b: 1 });
    const second = action.keyFor('documents/add', { b: 2 });
    expect(new Set([upload, attach, second]).size).toBe(3);
    action.begin();
    expect([action.keyFor('files/upload', { a: 1 }), action.keyFor('documents/add', { b: 1 }), action.keyFor('documents/add', { b: 2 })]).toEqual([upload, attach, second]);
  });

  it('tells FormData bodies apart by their fields and files', () => {
    const form = (text: string) => {
      const f = new FormData();
      f.set('type', 'network');
      f.set('file', new File([text], 'n.csv', { type: 'text/csv', lastModified: 1 }));
      return f;
    };
    const action = new UserAction();
    action.begin();
    const key = action.keyFor('network/import', form('abc'));
    action.begin();
    expect(action.keyFor('network/import', form('xyz'))).toBe(key);
    action.begin();
    expect(action.keyFor('network/import', form('longer'))).not.toBe(key);
  });
});

describe('ActionGate', () => {
  it('refuses a second start while an attempt runs; a failure keeps the action for the retry, a success ends it', () => {
    const gate = new ActionGate();
    const first = gate.start();
    expect(first).not.toBeNull();
    expect(gate.start()).toBeNull();
    expect(gate.busy).toBe(true);
    gate.finish(false);
    const retry = gate.start();
    expect(retry).toBe(first);
    gate.finish(true);
    const next = gate.start();
    expect(next).not.toBe(first);
  });
});

describe('the dataProvider of a user action', () => {
  const io = () => ({ call: vi.fn<DataIo['call']>(async () => ({ data: { id: '1' } })), search: vi.fn<DataIo['search']>(), upload: vi.fn<DataIo['upload']>(async () => ({})) });

  it('sends the action key with each POST, the same key on a retry, none on a GET', async () => {
    const calls = io();
    const dataProvider = createDataProvider(calls);
    const gate = new ActionGate();
    const action = gate.start()!;
    await dataProvider.acting(action).rejectRegistration({ id: 'r1', version: 2, email: 'a@b.example' }, 'No');
    gate.finish(false);
    await dataProvider.acting(gate.start()!).rejectRegistration({ id: 'r1', version: 2, email: 'a@b.example' }, 'No');
    const keys = calls.call.mock.calls.map(([, options]) => options.idempotencyKey);
    expect(keys[0]).toBeDefined();
    expect(keys[1]).toBe(keys[0]);
    await dataProvider.getOne('customer', { id: 'c1' }).catch(() => undefined);
    await dataProvider.acting(new UserAction()).getOne('customer', { id: 'c1' }).catch(() => undefined);
    for (const [, options] of calls.call.mock.calls.slice(2)) if (options.method === 'GET') expect(options.idempotencyKey).toBeUndefined();
  });

  it('gives each file its own action: a failed file sent again keeps its keys, whatever else is sent before it', async () => {
    const calls = io();
    const dataProvider = createDataProvider(calls);
    const owner = { kind: 'leaseCompany', id: 'c1' } as const;
    const files = { a: new UserAction(), b: new UserAction() };
    const store = (name: 'a' | 'b') => {
      files[name].begin();
      return dataProvider.acting(files[name]).uploadDocumentFile(owner, { base64: name, uid: name, savedFilename: `${name}.pdf` });
    };
    await store('a');
    await store('b');
    // b failed: it alone is sent again.
    await store('b');
    const [a, b, bAgain] = calls.call.mock.calls.map(([, options]) => options.idempotencyKey);
    expect(a).not.toBe(b);
    expect(bAgain).toBe(b);
  });

  it('takes the key of a react-admin mutation from meta.action', async () => {
    const calls = io();
    const dataProvider = createDataProvider(calls);
    const action = new UserAction();
    action.begin();
    await dataProvider.update('group', { id: 'g1', data: { id: 'g1', version: 1 }, previousData: { id: 'g1' }, meta: { action } });
    await dataProvider.update('group', { id: 'g1', data: { id: 'g1', version: 1 }, previousData: { id: 'g1' } });
    const [withMeta, without] = calls.call.mock.calls.map(([, options]) => options.idempotencyKey);
    expect(isIdempotencyKey(withMeta!)).toBe(true);
    expect(without).toBeUndefined();
  });
});
