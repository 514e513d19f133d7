import { useMemo, useState } from 'react';
import { Box, Button, Link } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import EmailIcon from '@mui/icons-material/Email';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import UploadIcon from '@mui/icons-material/Upload';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { DELETE_RECORDS, DOCUMENT_TYPES } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import type { Document } from '@willow/contracts';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { formatDateTime } from '../../lib/dates';
import { useErrorToast } from '../../lib/toasts';
import { PatientCell } from '../patients/patient-cell';
import { DocumentEditDialog } from './document-edit-dialog';
import { DocumentEmailDialog } from './document-email-dialog';
import { DocumentGenerateDialog } from './document-generate-dialog';
import { DocumentUploadDialog } from './document-upload-dialog';
import { useDeleteDocument, useDocuments } from './documents.api';
import { documentDownloadUrl, formatBytes, opensInline } from './upload';

interface DocumentListProps {
  clientId: string;
  /** only this patient's documents (the patient's page) */
  patientId?: string;
}

export function DocumentList({ clientId, patientId }: DocumentListProps) {
  const documents = useDocuments(patientId ? { patientId } : { clientId });
  const remove = useDeleteDocument();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Document | null>(null);
  const [emailing, setEmailing] = useState<Document | null>(null);
  const [generating, setGenerating] = useState(false);
  useErrorToast(documents.error, 'Error getting documents');
  const confirmDelete = useConfirmDelete<Document>({
    title: 'Delete document',
    message: (d) => `Delete ${d.fileName}? The file is removed for good.`,
    run: (d) => remove.mutateAsync(d.id),
    success: 'Document deleted',
    error: 'Error deleting document',
  });
  const askDelete = confirmDelete.ask;
  // Part of the clinical record: deleting a document for good needs records.delete.
  const canDelete = useHasAnyPermission([DELETE_RECORDS]);

  const columns = useMemo<GridColDef<Document>[]>(() => {
    const list: GridColDef<Document>[] = [
      {
        field: 'fileName',
        headerName: 'File',
        flex: 1,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Link
            href={documentDownloadUrl(row.id, opensInline(row.contentType))}
            target={opensInline(row.contentType) ? '_blank' : undefined}
            rel="noopener"
            onClick={(e) => e.stopPropagation()}
          >
            {row.fileName}
          </Link>
        ),
      },
      { field: 'description', headerName: 'Description', flex: 1, minWidth: 160 },
    ];
    if (!patientId)
      list.push({
        field: 'patientId',
        headerName: 'Patient',
        width: 170,
        sortable: false,
        renderCell: ({ row }) => (row.patientId ? <PatientCell patientId={row.patientId} showClient={false} /> : '—'),
      });
    list.push(
      { field: 'contentType', headerName: 'Type', width: 110, valueGetter: (v: string) => DOCUMENT_TYPES[v] ?? v },
      { field: 'sizeBytes', headerName: 'Size', width: 90, type: 'number', valueFormatter: (v: number) => formatBytes(v) },
      { field: 'uploadedBy', headerName: 'Uploaded by', width: 140, valueGetter: (v: Document['uploadedBy']) => v?.name ?? '' },
      { field: 'createdAt', headerName: 'Uploaded', width: 170, valueFormatter: (v: string) => formatDateTime(v) },
      {
        field: 'actions',
        type: 'actions',
        width: 150,
        getActions: ({ row }) => [
          ...(opensInline(row.contentType)
            ? [
                <GridActionsCellItem
                  key="open"
                  icon={<OpenInNewIcon />}
                  label={`Open ${row.fileName}`}
                  onClick={() => window.open(documentDownloadUrl(row.id, true), '_blank', 'noopener')}
                />,
              ]
            : []),
          <GridActionsCellItem
            key="download"
            icon={<DownloadIcon />}
            label={`Download ${row.fileName}`}
            onClick={() => window.location.assign(documentDownloadUrl(row.id))}
          />,
          <GridActionsCellItem key="email" icon={<EmailIcon />} label={`Email ${row.fileName}`} onClick={() => setEmailing(row)} showInMenu />,
          <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${row.fileName}`} onClick={() => setEditing(row)} showInMenu />,
          ...(canDelete
            ? [<GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.fileName}`} onClick={() => askDelete(row)} showInMenu />]
            : []),
        ],
      },
    );
    return list;
  }, [patientId, askDelete, canDelete]);

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Button variant="outlined" size="small" startIcon={<NoteAddIcon />} onClick={() => setGenerating(true)}>
          Create from template
        </Button>
        <Button variant="contained" size="small" startIcon={<UploadIcon />} onClick={() => setUploading(true)}>
          Upload document
        </Button>
      </Box>
      <DataTable label="Documents" rows={documents.data} columns={columns} loadError={loadErrorOf(documents)} loading={documents.isLoading} noRowsLabel="No documents yet" />
      <DocumentUploadDialog open={uploading} clientId={clientId} patientId={patientId} onClose={() => setUploading(false)} />
      <DocumentEmailDialog document={emailing} onClose={() => setEmailing(null)} />
      <DocumentGenerateDialog open={generating} clientId={clientId} patientId={patientId} onClose={() => setGenerating(false)} />
      <DocumentEditDialog document={editing} allowPatientChange={!patientId} onClose={() => setEditing(null)} />
      {confirmDelete.dialog}
    </>
  );
}
