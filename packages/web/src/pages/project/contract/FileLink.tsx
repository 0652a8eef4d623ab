// A download link for a stored file (fetched with the token, then saved under its name).
import { PaperClipOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { downloadBlob } from '../../../api/download.ts';
import { type ContractFile, projectApi } from '../project-api.ts';

export function FileLink({ file }: { file: ContractFile }) {
  return (
    <Typography.Link
      className="rp-ellipsis"
      onClick={async () => {
        try {
          downloadBlob(await projectApi.download(file.url), file.name);
        } catch {
          /* shown by the request client */
        }
      }}
    >
      <PaperClipOutlined /> {file.name}
    </Typography.Link>
  );
}
