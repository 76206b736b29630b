import { FormField } from '../../../components/form-field';

/** A file input that uploads at once; shows the stored file and the server's refusal. */
export function FileField(props: { id: string; label: string; accept: string; current: string | null; error: string | undefined; busy: boolean; onFile: (file: File) => void }) {
  const { id, label, accept, current, error, busy, onFile } = props;
  return (
    <FormField id={id} label={label} error={error} errorIsAlert>
      {(control) => (
        <div className="studio-file">
          <input
            {...control}
            type="file"
            accept={accept}
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onFile(file);
              event.target.value = '';
            }}
          />
          <span className="studio-file__current">{busy ? 'アップロード中…' : current ? `登録済み: ${current.split('/').pop()}` : '未登録'}</span>
        </div>
      )}
    </FormField>
  );
}

