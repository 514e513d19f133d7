import { LegalDocument } from './legal-layout';

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="November 2025"
      sections={[
        {
          heading: 'Whose data this is',
          body: (
            <p>
              Practices use Willow to keep records about their staff, their clients (pet owners) and their patients
              (animals). The practice remains the owner and controller of that data; Willow processes it only to
              provide the service to the practice.
            </p>
          ),
        },
        {
          heading: 'What we keep',
          body: (
            <>
              <p>
                For staff: name, email address, phone number, roles, the locations they work at, and a secure hash of
                their password (never the password itself).
              </p>
              <p>
                For clients and patients: the details the practice enters, such as contact information, appointments,
                medical notes, prescriptions, vaccinations, invoices and payments.
              </p>
            </>
          ),
        },
        {
          heading: 'How we use it',
          body: (
            <p>
              Data is used to run the practice's day-to-day work in Willow, to keep accounts secure (for example
              sign-in records and protection against repeated failed sign-ins) and to support the practice when it
              asks for help. We do not sell personal data or use it for advertising.
            </p>
          ),
        },
        {
          heading: 'Cookies and browser storage',
          body: (
            <p>
              Willow sets one essential cookie that keeps you signed in. Your browser also stores display preferences,
              such as whether the navigation is collapsed and which location is selected. No advertising cookies are
              used.
            </p>
          ),
        },
        {
          heading: 'Security and retention',
          body: (
            <p>
              Every practice's data is kept separate from every other practice's. Access within a practice follows
              the roles its administrator assigns. Data is kept for as long as the practice's account is active, and
              removed on the practice's request when the account closes, unless the law requires us to keep it.
            </p>
          ),
        },
        {
          heading: 'Your rights',
          body: (
            <p>
              To see, correct or delete personal data held in Willow, contact the practice that holds it; Willow
              support will assist the practice in answering your request.
            </p>
          ),
        },
      ]}
    />
  );
}
