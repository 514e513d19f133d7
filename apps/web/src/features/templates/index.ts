import { lazy } from 'react';
import DescriptionIcon from '@mui/icons-material/Description';
import EmailIcon from '@mui/icons-material/Email';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SmsIcon from '@mui/icons-material/Sms';
import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import type { FeatureModule, MenuEntry } from '../../app/feature-registry';

const page = (name: 'InvoiceTemplatesPage' | 'DocumentTemplatesPage' | 'EmailTemplatesPage' | 'PdfTemplatesPage' | 'NoteTemplatesPage' | 'SmsTemplatesPage') =>
  lazy(() => import('./templates-page').then((m) => ({ default: m[name] })));

/*
 * Settings › Templates, in the SPEC's order (Invoice, Document, Email, PDF, Form, Note, SMS; Form,
 * order 64, is the forms feature's). Everyone signed in sees them: messages and notes use the
 * templates; only locations.manage changes them (the pages hide their buttons without it).
 */
/*
 * The paths and labels are TEMPLATE_ROUTES and TEMPLATE_KIND_LABELS of the contracts, written out:
 * the registry loads with the first page, which must not bring the contracts' schemas (0038);
 * index.test.ts checks they agree.
 */
export const TEMPLATE_PAGES = {
  invoice: { path: '/invoiceTemplates', label: 'Invoice' },
  document: { path: '/documentTemplates', label: 'Document' },
  email: { path: '/emailTemplates', label: 'Email' },
  pdf: { path: '/pdfTemplates', label: 'PDF' },
  note: { path: '/noteTemplates', label: 'Note' },
  sms: { path: '/smsTemplates', label: 'SMS' },
} as const;

const entry = (kind: keyof typeof TEMPLATE_PAGES, icon: MenuEntry['icon'], order: number): MenuEntry => ({
  section: 'Settings',
  group: 'Templates',
  label: TEMPLATE_PAGES[kind].label,
  path: TEMPLATE_PAGES[kind].path,
  icon,
  order,
});

export const templatesFeature: FeatureModule = {
  id: 'templates',
  routes: [
    { path: TEMPLATE_PAGES.invoice.path, element: page('InvoiceTemplatesPage') },
    { path: TEMPLATE_PAGES.document.path, element: page('DocumentTemplatesPage') },
    { path: TEMPLATE_PAGES.email.path, element: page('EmailTemplatesPage') },
    { path: TEMPLATE_PAGES.pdf.path, element: page('PdfTemplatesPage') },
    { path: TEMPLATE_PAGES.note.path, element: page('NoteTemplatesPage') },
    { path: TEMPLATE_PAGES.sms.path, element: page('SmsTemplatesPage') },
  ],
  menu: [
    entry('invoice', ReceiptIcon, 60),
    entry('document', DescriptionIcon, 61),
    entry('email', EmailIcon, 62),
    entry('pdf', PictureAsPdfIcon, 63),
    entry('note', StickyNote2Icon, 65),
    entry('sms', SmsIcon, 66),
  ],
};
