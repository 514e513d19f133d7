import { lazy } from 'react';
import DescriptionIcon from '@mui/icons-material/Description';
import EmailIcon from '@mui/icons-material/Email';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SmsIcon from '@mui/icons-material/Sms';
import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import { TEMPLATE_KIND_LABELS, TEMPLATE_ROUTES } from '@willow/contracts';
import type { FeatureModule, MenuEntry } from '../../app/feature-registry';

const page = (name: 'InvoiceTemplatesPage' | 'DocumentTemplatesPage' | 'EmailTemplatesPage' | 'PdfTemplatesPage' | 'NoteTemplatesPage' | 'SmsTemplatesPage') =>
  lazy(() => import('./templates-page').then((m) => ({ default: m[name] })));

/*
 * Settings › Templates, in the SPEC's order (Invoice, Document, Email, PDF, Form, Note, SMS; Form,
 * order 64, is the forms feature's). Everyone signed in sees them: messages and notes use the
 * templates; only locations.manage changes them (the pages hide their buttons without it).
 */
const entry = (kind: 'invoice' | 'document' | 'email' | 'pdf' | 'note' | 'sms', icon: MenuEntry['icon'], order: number): MenuEntry => ({
  section: 'Settings',
  group: 'Templates',
  label: TEMPLATE_KIND_LABELS[kind],
  path: TEMPLATE_ROUTES[kind],
  icon,
  order,
});

export const templatesFeature: FeatureModule = {
  id: 'templates',
  routes: [
    { path: TEMPLATE_ROUTES.invoice, element: page('InvoiceTemplatesPage') },
    { path: TEMPLATE_ROUTES.document, element: page('DocumentTemplatesPage') },
    { path: TEMPLATE_ROUTES.email, element: page('EmailTemplatesPage') },
    { path: TEMPLATE_ROUTES.pdf, element: page('PdfTemplatesPage') },
    { path: TEMPLATE_ROUTES.note, element: page('NoteTemplatesPage') },
    { path: TEMPLATE_ROUTES.sms, element: page('SmsTemplatesPage') },
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
