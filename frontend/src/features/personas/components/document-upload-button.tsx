import { FileUpIcon, Loader2Icon } from "lucide-react";
import { useRef } from "react";
import { toast } from "sonner";
import { Button, type ButtonProps } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { checkDocumentFile, DOCUMENT_ACCEPT } from "@/utils/document-file-check";
import { useExtractDocument } from "../api/extract-document";

export interface LoadedDocument {
  text: string;
  filename: string;
}

export interface DocumentUploadButtonProps {
  onLoaded: (document: LoadedDocument) => void;
  label?: string;
  variant?: ButtonProps["variant"];
  disabled?: boolean;
}

/**
 * Picks a document, checks it in the browser (size, type, name) and has the server
 * extract its text. Toasts '{filename} loaded successfully' or the failure message.
 */
export function DocumentUploadButton({
  onLoaded,
  label = "Upload Document",
  variant = "outline",
  disabled = false,
}: DocumentUploadButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const extract = useExtractDocument();

  const handleChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // Allow choosing the same file again later.
    event.target.value = "";
    const check = checkDocumentFile(file);
    if (!check.ok || !file) {
      toast.error(check.ok ? "No file selected" : check.message);
      return;
    }
    extract.mutate(file, {
      onSuccess: (result) => {
        const filename = result.filename || file.name;
        onLoaded({ text: result.text, filename });
        toast.success(`${filename} loaded successfully`);
      },
      onError: (error) => toast.error(errorMessage(error, "Failed to read file")),
    });
  };

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={DOCUMENT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="document-file-input"
        onChange={handleChange}
      />
      <Button
        variant={variant}
        size="sm"
        disabled={disabled || extract.isPending}
        onClick={() => inputRef.current?.click()}
      >
        {extract.isPending ? <Loader2Icon className="animate-spin" /> : <FileUpIcon />}
        {extract.isPending ? "Reading..." : label}
      </Button>
    </>
  );
}
