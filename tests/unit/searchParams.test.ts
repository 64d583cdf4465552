import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { filterBy, searchParams } from '../../dataProvider/searchParams';
import { customerResource } from '../../domain/resources/customer';

describe('list requests as search parameters', () => {
  it('uses the spec defaults for customers', () => {
    expect(searchParams(customerResource.search, { pagination: { page: 3, perPage: 25 }, filter: { q: ' acme ' } })).toEqual({
      q: 'acme',
      query_by: 'name,address',
      page: 3,
      per_page: 25,
      sort_by: 'name:asc',
      facet_by: 'status',
      max_facet_values: 50,
    });
  });

  it('searches everything when there is no text', () => {
    expect(searchParams(customerResource.search, {}).q).toBe('*');
  });

  it('turns a sort into field:order and leaves id to the default', () => {
    expect(searchParams(customerResource.search, { sort: { field: 'name', order: 'DESC' } }).sort_by).toBe('name:desc');
    expect(searchParams(customerResource.search, { sort: { field: 'id', order: 'ASC' } }).sort_by).toBe('name:asc');
  });

  it.each([
    [{ status: ['ACTIVE', 'TERMINATED'] }, 'status:=[`ACTIVE`,`TERMINATED`]'],
    [{ status: 'ACTIVE' }, 'status:=`ACTIVE`'],
    [{ managed: true }, 'managed:=true'],
    [{ createdAt: { min: 1, max: 9 } }, 'createdAt:[1..9]'],
    [{ createdAt: { min: 5 } }, 'createdAt:>=5'],
    [{ status: [], q: 'x', county: '' }, undefined],
    [{ name: 'a`b, c && d' }, 'name:=`ab, c && d`'],
    [{ status: 'ACTIVE', managed: false }, 'status:=`ACTIVE` && managed:=false'],
  ])('filter %j -> %s', (filter, expected) => {
    expect(filterBy(filter)).toBe(expected);
  });

  it('never lets a value escape its backticks', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const f = filterBy({ name: value });
        if (value === '') return f === undefined;
        return f === `name:=\`${value.replace(/`/g, '')}\``;
      }),
    );
  });
});
