import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { H2, LegalPage, P } from './LegalPage';

/** Our privacy notice for the console (spec 1 §2, public route /privacy-policy). */
export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <P>
        This notice explains how the Fleet Network (“we”, “us”) handles personal data in the Fleet Network Console, the
        back-office service our staff use to run a network that links lease companies, supplier groups, garages, drivers
        and vehicles.
      </P>

      <H2>What we hold</H2>
      <ul>
        <li>Details of staff who use the console: name, work e-mail address, role, and records of sign-in and activity.</li>
        <li>
          Details we hold to run the network: contact people at customers and suppliers, drivers and their vehicles,
          service bookings and invoices.
        </li>
      </ul>

      <H2>Why we use it</H2>
      <P>
        To provide and secure the service (including one-time passcodes at sign-in and an audit trail of changes), to
        arrange and bill vehicle servicing, and to meet our legal and accounting obligations.
      </P>

      <H2>Who processes it for us</H2>
      <P>We share only what each needs, under written agreements, with these processors:</P>
      <ul>
        <li>a billing provider, which manages subscriptions and payments for customers and suppliers;</li>
        <li>a driver licence check agency, which checks driving licences where a customer asks us to;</li>
        <li>a labour-time data provider, which supplies standard repair times used to price service work.</li>
      </ul>

      <H2>How long we keep it</H2>
      <P>
        We keep personal data while the account or record it belongs to is in live use, and at most 1 year after live use
        ends. After that it is deleted or made anonymous.
      </P>

      <H2>Your rights</H2>
      <P>
        You may ask to see, correct or delete your data, to restrict or object to its use, or to receive a copy. Write to
        privacy@fleet-network.example. We answer every rights request within one month.
      </P>

      <H2>Children</H2>
      <P>The service is not meant for anyone under 17, and we do not knowingly hold their data.</P>

      <H2>Cookies</H2>
      <P>
        The console uses strictly necessary cookies only. See our{' '}
        <Link component={RouterLink} to="/cookie-policy">
          Cookie Policy
        </Link>
        .
      </P>
    </LegalPage>
  );
}
