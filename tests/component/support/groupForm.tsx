import { screen, within } from '@testing-library/react';
import type { Country } from '../../../domain/country';
import { GroupCreate } from '../../../resources/groups/form/GroupFormPages';
import { renderForm, type RenderedForm } from './render';

/** Group IDs already in use (dataProvider.groupIds). */
export const TAKEN_GROUP_IDS = ['GUK-HARBOUR', 'GIE-LIFFEY'];

/** Create Group for a country, as /group/create-group/:selectedCountry opens it. */
export async function openCreateGroup(country: Country): Promise<RenderedForm> {
  const form = renderForm(<GroupCreate />, { path: '/group/create-group/:selectedCountry', url: `/group/create-group/${country}`, answers: { groupIds: TAKEN_GROUP_IDS } });
  await screen.findByRole('heading', { level: 1, name: `Create Group for ${country === 'UK' ? 'UK' : 'Ireland'}` });
  return form;
}

/** One section of the form, by its heading. */
export const region = (name: string) => within(screen.getByRole('region', { name }));
