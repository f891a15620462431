import {
  ArrowLeftIcon,
  BarChart3Icon,
  DownloadIcon,
  FileTextIcon,
  HeartPulseIcon,
  MessageSquareTextIcon,
  RefreshCwIcon,
  SparklesIcon,
  UsersIcon,
} from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { MenuButton } from "@/components/menu-button";
import { PageHeader } from "@/components/page-header";
import { SaveGuideButton } from "@/components/save-guide-button";
import { ShareButton } from "@/components/share/share-button";
import { sessionGuide } from "@/utils/guides";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { HealthTab } from "./health-tab";
import type { SessionHeader } from "@/lib/api-types";
import { EXPORT_OPTIONS, exportUrl } from "../api/export-session";
import { modelLabel } from "../api/rerun-session";
import { AnalyticsTab } from "./analytics-tab";
import { ChangedMinds } from "./changed-minds";
import { ExportTab } from "./export-tab";
import { FollowUpOfLink, FollowUpsCard } from "./follow-ups-card";
import { GroundedGroupActions } from "./grounded-group-actions";
import { ReplaySimilarityCard } from "./replay-similarity-card";
import { InsightsTab } from "./insights-tab";
import { ModelBreakdown } from "./model-breakdown";
import { ParticipantsTab } from "./participants-tab";
import { RerunDialog } from "./rerun-dialog";
import { UsageCard } from "@/components/usage/usage-card";
import { usageOf } from "@/components/usage/format";
import { StatsCards } from "./stats-cards";
import { TranscriptTab } from "./transcript-tab";

export const RESULT_TABS = [
  { value: "transcript", label: "Transcript", icon: MessageSquareTextIcon },
  { value: "analytics", label: "Analytics", icon: BarChart3Icon },
  { value: "insights", label: "AI Insights", icon: SparklesIcon },
  { value: "health", label: "Health", icon: HeartPulseIcon },
  { value: "participants", label: "Participants", icon: UsersIcon },
  { value: "export", label: "Export", icon: FileTextIcon },
] as const;

type TabValue = (typeof RESULT_TABS)[number]["value"];

function isTab(value: string | null): value is TabValue {
  return RESULT_TABS.some((t) => t.value === value);
}

const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  "in-progress": "In Progress",
  completed: "Completed",
};

export function SessionResults({ session }: { session: SessionHeader }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: TabValue = isTab(requested) ? requested : "transcript";
  const [rerunOpen, setRerunOpen] = useState(false);

  const selectTab = (value: string) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("message");
        if (value === "transcript") next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true },
    );
  };

  // A health finding links to its messages: open the transcript there.
  const showMessage = (id: string) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("tab");
        next.set("message", id);
        return next;
      },
      { replace: true },
    );
  };

  const exportItems = EXPORT_OPTIONS.map((option) => ({
    key: option.format,
    label: option.label,
    icon: <DownloadIcon aria-hidden="true" />,
    href: exportUrl(session.id, option.format),
    download: true,
  }));

  return (
    <>
      <PageHeader
        title={session.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {session.description && <span>{session.description}</span>}
            <FollowUpOfLink session={session} />
            <Badge variant={session.status === "completed" ? "accent" : "secondary"}>
              {STATUS_LABELS[session.status] ?? session.status}
            </Badge>
            {session.source === "human" && (
              <Badge
                variant="outline"
                data-testid="human-badge"
                title="Imported from a transcript of real people"
              >
                Human group
              </Badge>
            )}
            {session.model && (
              <Badge
                variant="secondary"
                data-testid="session-model"
                title="The model that produced this session"
              >
                Model: {modelLabel(session.model)}
              </Badge>
            )}
            {session.settings.promptLayout === "cache-friendly" && (
              <Badge
                variant="outline"
                data-testid="session-prompt-layout"
                title="The materials and the whole discussion came first in every prompt, then the participant (docs: Prompt layout: cache-friendly)"
              >
                Prompt layout: cache-friendly
              </Badge>
            )}
          </span>
        }
        actions={
          <>
            <Link to="/dashboard" className={buttonVariants({ variant: "ghost" })}>
              <ArrowLeftIcon aria-hidden="true" />
              Back to Dashboard
            </Link>
            {session.status === "completed" && session.source !== "human" && (
              <Button variant="outline" onClick={() => setRerunOpen(true)}>
                <RefreshCwIcon aria-hidden="true" />
                Run again on another model
              </Button>
            )}
            {session.source !== "human" && (
              <SaveGuideButton load={() => sessionGuide(session.id)} />
            )}
            <GroundedGroupActions session={session} />
            <MenuButton
              label="Export"
              icon={<DownloadIcon aria-hidden="true" />}
              items={exportItems}
            />
            <ShareButton kind="session" id={session.id} name={session.name} />
          </>
        }
      />

      {rerunOpen && <RerunDialog session={session} open={rerunOpen} onOpenChange={setRerunOpen} />}

      <StatsCards session={session} />
      {session.source !== "human" && (
        <div className="mt-4 max-w-md">
          <UsageCard usage={usageOf(session)} />
        </div>
      )}
      <ModelBreakdown session={session} />
      <ChangedMinds session={session} privateAnswers={session.privateAnswers} />
      <ReplaySimilarityCard session={session} />
      <FollowUpsCard session={session} />

      <Tabs value={tab} onValueChange={selectTab} className="mt-8">
        <div className="-mx-1 overflow-x-auto px-1 pb-1">
          <TabsList className="h-10 min-w-max" aria-label="Results sections">
            {RESULT_TABS.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value} className="px-3">
                <Icon aria-hidden="true" />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="transcript">
          <TranscriptTab session={session} />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab session={session} />
        </TabsContent>
        <TabsContent value="insights">
          <InsightsTab session={session} />
        </TabsContent>
        <TabsContent value="health">
          <HealthTab session={session} onShowMessage={showMessage} />
        </TabsContent>
        <TabsContent value="participants">
          <ParticipantsTab session={session} />
        </TabsContent>
        <TabsContent value="export">
          <ExportTab session={session} />
        </TabsContent>
      </Tabs>
    </>
  );
}
