import { z } from 'zod';
import { defineRoute } from '../../contracts/routes/define-route';
import { parseInput, RouteInputPipe } from './route-input.pipe';

const schema = z.object({ name: z.string().min(1, '入力してください'), address: z.object({ zip: z.string() }) }).strict();
const parse = (value: unknown) => parseInput(schema, value, 'body');

describe('parseInput', () => {
  it('returns the parsed value', () => {
    expect(parse({ name: 'a', address: { zip: '1' } })).toEqual({ name: 'a', address: { zip: '1' } });
  });

  it.each([
    [{ address: { zip: '1' } }, 'name', '入力してください'],
    [{ name: '', address: { zip: '1' } }, 'name', '入力してください'],
    [{ name: 'a', address: { zip: 1 } }, 'address.zip', '形式が正しくありません'],
    [{ name: 'a', address: { zip: '1' }, admin: true }, 'admin', '指定できない'],
  ])('names the field of %j', (input, field, message) => {
    expect(() => parse(input)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', field, status: 400 }));
    expect(() => parse(input)).toThrow(expect.objectContaining({ message: expect.stringContaining(message) }));
  });

  it('names a list parameter rather than the index of its bad item', () => {
    const lists = z.object({ level: z.array(z.enum(['A', 'B'])), rows: z.array(z.object({ n: z.number() })) });
    expect(() => parseInput(lists, { level: ['A', 'C'], rows: [] }, 'query')).toThrow(expect.objectContaining({ field: 'level' }));
    expect(() => parseInput(lists, { level: ['A'], rows: [{ n: 'x' }] }, 'query')).toThrow(expect.objectContaining({ field: 'rows.0.n' }));
  });

  it('treats a missing body as an empty object, so required fields are named', () => {
    expect(() => parse(undefined)).toThrow(expect.objectContaining({ field: 'name' }));
  });
});

describe('RouteInputPipe', () => {
  const route = defineRoute({
    method: 'PUT',
    path: '/api/v1/things/:thingId',
    summary: 'probe',
    tag: 'probe',
    access: 'public',
    schemas: async () => ({ params: z.object({ thingId: z.uuid('ID が正しくありません') }), query: z.object({ n: z.coerce.number() }), body: schema }),
  });
  const pipe = new RouteInputPipe(route);

  it('checks the body, the query and the declared path parameters with the route schemas', async () => {
    await expect(pipe.transform({ name: '' }, { type: 'body' })).rejects.toMatchObject({ field: 'name' });
    await expect(pipe.transform({ n: '2' }, { type: 'query' })).resolves.toEqual({ n: 2 });
    await expect(pipe.transform('nope', { type: 'param', data: 'thingId' })).rejects.toMatchObject({ field: 'thingId', message: 'thingId: ID が正しくありません' });
  });

  it('leaves other parameters alone', async () => {
    await expect(pipe.transform('x', { type: 'param', data: 'other' })).resolves.toBe('x');
    await expect(pipe.transform({ id: 'u' }, { type: 'custom' })).resolves.toEqual({ id: 'u' });
    await expect(pipe.transform('1', { type: 'query', data: 'n' })).resolves.toBe('1');
  });
});
