import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

/** Six kinds of template, the preview and documents made from templates; form templates are registered by the forms feature. */
export function templatesRoutes(r: Router, c: Container) {
  registerCrud(r, api.emailTemplateOps, c.emailTemplates);
  registerCrud(r, api.smsTemplateOps, c.smsTemplates);
  registerCrud(r, api.noteTemplateOps, c.noteTemplates);
  registerCrud(r, api.pdfTemplateOps, c.pdfTemplates);
  registerCrud(r, api.documentTemplateOps, c.documentTemplates);
  registerCrud(r, api.invoiceTemplateOps, c.invoiceTemplates);
  r.route(api.previewTemplate, ({ auth, body }) => c.templatePreview.preview(auth, body.data));
  r.route(api.renderEmailTemplate, ({ auth, params, body }) => c.emailRender.render(auth, params.id, body.data));
  r.route(api.renderSmsTemplate, ({ auth, params, body }) => c.smsRender.render(auth, params.id, body.data));
  // A client's document made from a document template (kept by the documents feature).
  r.route(api.generateDocument, ({ auth, params, body }) => c.documentGeneration.generate(auth, params.id, body.data));
}
