import { useMemo, useRef } from 'react';
import { Alert, Box } from '@mui/material';
import { useCanAccess, useGetOne } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { CURRENCY_BY_LOCALE } from '../../../domain/common';
import {
  DI_TERMS_MESSAGES as M,
  DI_TERMS_SECTIONS as S,
  SUPPLIER_DETAILS_MESSAGES,
  diTermsFormSchema,
  toDiTermsForm,
  type DiTermsForm,
  type SupplierDetails,
} from '../../../domain/suppliers';
import { supplierResource } from '../../../domain/resources/supplier';
import { PageFrame } from '../../../src/layout/PageFrame';
import { domainResolver } from '../../../src/ui/forms/domainResolver';
import { FormFooter } from '../../../src/ui/forms/FormFooter';
import { useVersionedSave } from '../../../src/ui/forms/useVersionedDrawerForm';
import { NothingSelected } from '../../../src/ui/NothingSelected';
import { QuitGuard } from '../../../src/ui/QuitGuard';
import { SEARCH, termsTabPath, type SupplierNavState } from '../paths';
import { useRecordId } from '../../../src/resources/useRecordId';
import { FranchiseSection } from './FranchiseSection';
import { AuditSection, CreditLimitSection, DealerSection, FnpSection, RatesSection, RebateSection } from './TermsSections';

/** Today as the server counts it (UTC, YYYY-MM-DD), so the page and the save bound audit dates alike. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Edit DI Network Terms (spec 2 §2.1, §5.4): only for a supplier whose group is in the DI network,
 * and only with EDIT_DI_NETWORK_TERMS. Saved at the terms' version; back to Supplier Information
 * with the DI Network Terms tab selected; 'Quit Editing?' on every way out.
 */
export function NetworkTermsPage() {
  const { id, meta, searchUrl } = useRecordId();
  const ids = id ? { serviceUnitId: id, accountObjectId: meta.accountObjectId! } : null;
  const { canAccess: canEditTerms } = useCanAccess({ resource: supplierResource.name, action: 'editNetworkTerms' });
  const { data: supplier, isPending, error } = useGetOne<SupplierDetails>(
    supplierResource.name,
    { id: ids?.serviceUnitId ?? '', meta: { accountObjectId: ids?.accountObjectId } },
    { enabled: Boolean(ids), retry: false },
  );
  if (!ids) {
    return (
      <PageFrame title={M.title} back={{ label: 'Back to Supplier Search', to: SEARCH }}>
        <NothingSelected what="supplier" search="Supplier Search" searchTo={SEARCH} />
      </PageFrame>
    );
  }
  const state: SupplierNavState = { ...ids, searchUrl };
  const back = { label: M.back, to: termsTabPath(ids.serviceUnitId, ids.accountObjectId), state };
  const refusal = !supplier ? null : !supplier.belongsToDINetwork ? SUPPLIER_DETAILS_MESSAGES.notInDiNetwork : canEditTerms === false ? SUPPLIER_DETAILS_MESSAGES.noTermsPermission : null;
  // The form waits for the permission's answer too, so it never shows and then gives way to the refusal.
  if (error || !supplier || refusal || canEditTerms === undefined) {
    return (
      <PageFrame title={M.title} back={back} loading={(isPending || canEditTerms === undefined) && !error}>
        {error && <Alert severity="error">The supplier could not be loaded.</Alert>}
        {refusal && <Alert severity="info">{refusal}</Alert>}
      </PageFrame>
    );
  }
  return <TermsForm supplier={supplier} back={back} />;
}

function TermsForm({ supplier, back }: { supplier: SupplierDetails; back: { label: string; to: string; state: SupplierNavState } }) {
  const navigate = useNavigate();
  const terms = supplier.diNetworkTerms;
  const resolver = useMemo(() => domainResolver<DiTermsForm>(diTermsFormSchema(today())), []);
  // The form starts from the terms as the page first read them; a later read does not reset what is typed.
  const initial = useMemo(() => toDiTermsForm(terms), [terms]);
  const form = useForm<DiTermsForm>({ resolver, defaultValues: initial, mode: 'onSubmit' });
  const record = useMemo(() => ({ ...supplier, id: supplier.id, version: terms?.version ?? null }), [supplier, terms?.version]);
  const { run, conflictDialog } = useVersionedSave(form, record, M.title);
  const allowLeaving = useRef<() => void>(() => undefined);
  const currency = CURRENCY_BY_LOCALE[supplier.locale];

  const submit = form.handleSubmit(async (values) => {
    const saved = await run(({ dataProvider }) => dataProvider.saveDiNetworkTerms({ id: supplier.id, accountObjectId: supplier.accountObjectId, name: supplier.name }, terms?.version ?? null, values), values, M.saved);
    if (saved) {
      allowLeaving.current();
      navigate(back.to, { state: back.state });
    }
  });

  return (
    <PageFrame title={M.title} back={back} blocking={form.formState.isSubmitting}>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={submit}>
          <QuitGuard allowRef={allowLeaving} />
          <Box sx={{ display: 'grid', gap: 2 }}>
            <DealerSection />
            <FranchiseSection currency={currency} />
            <RatesSection title={S.mot} list="motRates" currency={currency} />
            <RatesSection title={S.fluid} list="fluidRates" currency={currency} columns={4} />
            <RatesSection title={S.tyre} list="tyreAncillaryRates" currency={currency} columns={4} />
            <RatesSection title={S.alignment} list="wheelAlignmentRates" currency={currency} />
            <FnpSection />
            <RebateSection currency={currency} />
            <CreditLimitSection currency={currency} terms={terms} />
            <AuditSection />
          </Box>
          <FormFooter back={back} saving={form.formState.isSubmitting} />
        </Box>
      </FormProvider>
      {conflictDialog}
    </PageFrame>
  );
}
