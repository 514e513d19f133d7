-- The demo's memorial certificate dated the death by the day the certificate was made
-- ({{ today.date }}); it now names the patient's date of death (decision 0196). Only a copy
-- still exactly as seeded changes: a template a practice edited is theirs and stays as it is.
UPDATE "document_templates" SET "body" = $cert$# In loving memory of {{ patient.name }}

{{ patient.name }}, a much-loved {{ patient.species | downcase }}, was cared for by {{ client.fullName }}.

{% if patient.dateOfDeath != "" %}We were honoured to be with you both on {{ patient.dateOfDeath }}.{% else %}We were honoured to be with you both.{% endif %}

— {{ staff.fullName }}, {{ location.name }}$cert$, "updated_at" = now()
WHERE "name" = 'Memorial certificate' AND "body" = $cert$# In loving memory of {{ patient.name }}

{{ patient.name }}, a much-loved {{ patient.species | downcase }}, was cared for by {{ client.fullName }}.

We were honoured to be with you both on {{ today.date }}.

— {{ staff.fullName }}, {{ location.name }}$cert$;
