/** The tick that puts personas' evidence documents into the JSON export (evidence
 * is personal data and stays out of exports unless the researcher asks for it). */
export function ExportEvidenceToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-muted-foreground">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      Include evidence in JSON export
    </label>
  );
}
