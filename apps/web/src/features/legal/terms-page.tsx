import { LegalDocument } from './legal-layout';

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="November 2025"
      sections={[
        {
          heading: 'About Willow',
          body: (
            <p>
              Willow is a staff portal for veterinary and pet-care practices, including practices offering end-of-life
              services such as cremation. These terms apply to every person who signs in to Willow on behalf of a
              practice (an "account").
            </p>
          ),
        },
        {
          heading: 'Accounts and users',
          body: (
            <>
              <p>
                The practice that holds an account decides who may use it and with which roles. Each user signs in
                with their own credentials and must keep them confidential. Do not share a sign-in between staff
                members: actions in Willow are recorded against the person who signed in.
              </p>
              <p>Tell your practice administrator at once if you believe someone else has used your sign-in.</p>
            </>
          ),
        },
        {
          heading: 'Acceptable use',
          body: (
            <p>
              Use Willow only to run your practice: scheduling, patient and client records, communications, billing
              and inventory. Do not try to reach data of other practices, interfere with the service, or use it to
              send messages clients have not agreed to receive.
            </p>
          ),
        },
        {
          heading: 'Clinical responsibility',
          body: (
            <p>
              Willow records and organises information; it does not give veterinary advice. Diagnoses, prescriptions,
              vaccinations and treatment decisions remain the responsibility of the practice's licensed
              professionals.
            </p>
          ),
        },
        {
          heading: 'Subscriptions',
          body: (
            <p>
              Each account has a subscription tier that sets limits such as the number of active users and
              locations. Changes to a tier are made by Willow support at the request of the account's
              administrator.
            </p>
          ),
        },
        {
          heading: 'Availability and changes',
          body: (
            <p>
              We work to keep Willow available and secure, but planned maintenance and events beyond our control can
              interrupt the service. We may improve or change features over time; material changes to these terms
              will be announced in the application before they take effect.
            </p>
          ),
        },
      ]}
    />
  );
}
