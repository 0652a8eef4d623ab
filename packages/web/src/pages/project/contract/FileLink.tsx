// A download link for a stored file (fetched with the token, then saved under its name).
import { PaperClipOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { type ContractFile, projectApi, saveBlob } from '../project-api.ts';

export function FileLink({ file }: { file: ContractFile }) {
  return (
    <Typography.Link
      className="rp-ellipsis"
      onClick={async () => {
        try {
          saveBlob(await projectApi.download(file.url), file.name);
        } catch {
          /* shown by the request client */
        }
      }}
    >
      <PaperClipOutlined /> {file.name}
    </Typography.Link>
  );
}
