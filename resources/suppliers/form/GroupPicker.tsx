import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Locale } from '../../../domain/common';
import { groupResource } from '../../../domain/resources/group';
import { SEARCH_MIN_CHARS } from '../../../src/search/SearchBox';
import { inputId, useFormInput } from '../../../src/ui/inputs';

interface GroupHit {
  id: string;
  name: string;
  groupId: string;
}

/**
 * The group, searched by name and picked from a list filtered by the supplier's country (spec 2
 * §2.1): choosing one sets the group's record id, DI Group Id and name together.
 */
export function GroupPicker({ locale, label }: { locale: Locale; label: string }) {
  const { setValue } = useFormContext();
  const { field, fieldState } = useFormInput('groupName');
  const accountObjectId = useWatch({ name: 'accountObjectId' }) as string;
  const groupId = useWatch({ name: 'groupId' }) as string;
  const [text, setText] = useState('');
  const q = text.trim();
  const { data, isFetching } = useGetList<GroupHit>(
    groupResource.name,
    { pagination: { page: 1, perPage: 10 }, filter: { q, locale }, meta: { facets: [] } },
    { enabled: q.length >= SEARCH_MIN_CHARS },
  );
  const chosen: GroupHit | null = accountObjectId ? { id: accountObjectId, name: String(field.value ?? ''), groupId } : null;
  const options = data ?? [];
  return (
    <Autocomplete<GroupHit>
      id={inputId('groupName')}
      options={chosen && !options.some((o) => o.id === chosen.id) ? [chosen, ...options] : options}
      value={chosen}
      loading={isFetching}
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          {o.name} ({o.groupId})
        </li>
      )}
      noOptionsText={q.length < SEARCH_MIN_CHARS ? `Type at least ${SEARCH_MIN_CHARS} characters of the group's name` : 'No groups found'}
      onInputChange={(_, v, reason) => {
        if (reason === 'input') setText(v);
      }}
      onChange={(_, g) => {
        setValue('accountObjectId', g?.id ?? '', { shouldDirty: true });
        setValue('groupId', g?.groupId ?? '', { shouldDirty: true });
        field.onChange(g?.name ?? '');
      }}
      onBlur={field.onBlur}
      renderInput={(params) => <TextField {...params} inputRef={field.ref} label={label} required size="small" error={Boolean(fieldState.error)} helperText={fieldState.error?.message ?? 'Search by name'} />}
    />
  );
}
